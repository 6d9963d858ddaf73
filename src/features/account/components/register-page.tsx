import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

export function RegisterPage() {
  return (
    <article className="page-intro">
      <h1>
        <Trans>Create your account</Trans>
      </h1>
      <p className="lead">
        <Trans>
          An account lets you follow the services you have with us, request changes and keep your
          contact and billing details up to date.
        </Trans>
      </p>
      <p>
        <Trans>
          We ask for your name, contact details and address once, so proposals and invoices are
          right the first time.
        </Trans>
      </p>
      <p className="actions">
        <Link to="/contact" className="button">
          <Trans>Questions? Contact us</Trans>
        </Link>
      </p>
    </article>
  )
}
