import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { PublishedContent } from '../../../../domain/content/published-content'
import { useLocale } from '../../../i18n/use-locale'
import { portraitOf, portraitSize } from './team'

/** /about: the agency, and its team as published in the site's content. */
export function AboutPage({ content }: { readonly content: PublishedContent }) {
  const locale = useLocale()
  const { team } = content
  return (
    <article className="about-page">
      <header className="page-intro">
        <p className="eyebrow">
          <Trans>About us</Trans>
        </p>
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
      <ul className="about-facts">
        <li>
          <strong>{team.length}</strong>
          <span>
            <Trans>people, one team</Trans>
          </span>
        </li>
        <li>
          <strong>2</strong>
          <span>
            <Trans>languages, written natively</Trans>
          </span>
        </li>
        <li>
          <strong>28</strong>
          <span>
            <Trans>services in five areas</Trans>
          </span>
        </li>
        <li>
          <strong>1</strong>
          <span>
            <Trans>senior lead per project</Trans>
          </span>
        </li>
      </ul>
      <section aria-labelledby="about-team" id="team">
        <h2 id="about-team">
          <Trans>Meet the team</Trans>
        </h2>
        <ul className="team-grid">
          {team.map((member, place) => {
            const portrait = portraitOf(member.image.asset)
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered whole, never reordered in place
              <li key={place} className="team-card">
                {/* The name follows: the portrait adds nothing a reader needs read. */}
                {portrait && (
                  <img
                    src={portrait}
                    width={portraitSize}
                    height={portraitSize}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                )}
                <h3>{member.name}</h3>
                <p className="team-role">{member.role[locale]}</p>
                <p>{member.bio[locale]}</p>
              </li>
            )
          })}
        </ul>
      </section>
      <section aria-labelledby="about-values">
        <h2 id="about-values">
          <Trans>What we care about</Trans>
        </h2>
        <ul className="icon-grid">
          <li>
            <h3>
              <Trans>Speed</Trans>
            </h3>
            <p>
              <Trans>Fast pages that work on a mid-range phone and a patchy connection.</Trans>
            </p>
          </li>
          <li>
            <h3>
              <Trans>Accessibility</Trans>
            </h3>
            <p>
              <Trans>
                Accessible interfaces that follow WCAG 2.2 AA, tested with a keyboard and a screen
                reader.
              </Trans>
            </p>
          </li>
          <li>
            <h3>
              <Trans>Two languages</Trans>
            </h3>
            <p>
              <Trans>
                Copy written natively in each language, never run through a translator and left
                there.
              </Trans>
            </p>
          </li>
          <li>
            <h3>
              <Trans>Ownership</Trans>
            </h3>
            <p>
              <Trans>Plain contracts, open formats and code you own outright.</Trans>
            </p>
          </li>
        </ul>
      </section>
      <section aria-labelledby="about-how">
        <h2 id="about-how">
          <Trans>How we work</Trans>
        </h2>
        <ol className="process-steps">
          <li>
            <h3>
              <Trans>Listen</Trans>
            </h3>
            <p>
              <Trans>A first call about your goals, your audiences and what limits the work.</Trans>
            </p>
          </li>
          <li>
            <h3>
              <Trans>Plan</Trans>
            </h3>
            <p>
              <Trans>
                A written proposal with goals you can measure, a schedule and a fixed price for the
                first phase.
              </Trans>
            </p>
          </li>
          <li>
            <h3>
              <Trans>Build in the open</Trans>
            </h3>
            <p>
              <Trans>
                Working software every week, with one senior lead from the first call to launch day.
              </Trans>
            </p>
          </li>
          <li>
            <h3>
              <Trans>Hand over or look after</Trans>
            </h3>
            <p>
              <Trans>
                Decisions written down so your team can carry on without us, or a plan in which we
                keep the site healthy.
              </Trans>
            </p>
          </li>
        </ol>
      </section>
      <section className="call-to-action" aria-labelledby="about-cta">
        <h2 id="about-cta">
          <Trans>Tell us about your project</Trans>
        </h2>
        <p className="cta-text">
          <Trans>We answer within one business day with next steps, not a sales script.</Trans>
        </p>
        <p className="actions">
          <Link to="/contact" className="button button-primary">
            <Trans>Start a conversation</Trans>
          </Link>
        </p>
      </section>
    </article>
  )
}
