import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

export function AboutPage() {
  return (
    <article>
      <header className="page-intro">
        <h1>
          <Trans>About Puente Digital</Trans>
        </h1>
        <p className="lead">
          <Trans>
            We are a small team of designers and engineers who build and look after websites and web
            applications for businesses on both sides of the language line, in English and in
            Spanish.
          </Trans>
        </p>
      </header>
      <section aria-labelledby="about-how">
        <h2 id="about-how">
          <Trans>How we work</Trans>
        </h2>
        <p>
          <Trans>
            Every project has one senior lead from the first call to launch day. We agree on goals
            you can measure, show working software every week, and write down decisions so your team
            can carry on without us if it wants to.
          </Trans>
        </p>
      </section>
      <section aria-labelledby="about-values">
        <h2 id="about-values">
          <Trans>What we care about</Trans>
        </h2>
        <ul className="check-list">
          <li>
            <Trans>Fast pages that work on a mid-range phone and a patchy connection.</Trans>
          </li>
          <li>
            <Trans>
              Accessible interfaces that follow WCAG 2.2 AA, tested with a keyboard and a screen
              reader.
            </Trans>
          </li>
          <li>
            <Trans>
              Copy written natively in each language, never run through a translator and left there.
            </Trans>
          </li>
          <li>
            <Trans>Plain contracts, open formats and code you own outright.</Trans>
          </li>
        </ul>
      </section>
      <p className="actions">
        <Link to="/contact" className="button button-primary">
          <Trans>Start a conversation</Trans>
        </Link>
      </p>
    </article>
  )
}
