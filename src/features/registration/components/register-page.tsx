import { Trans } from '@lingui/react/macro'
import { RegistrationFlow } from './registration-flow'
import './registration.css'

export function RegisterPage({ redirect }: { readonly redirect?: string | undefined }) {
  return (
    <article className="registration-page">
      <header className="page-intro">
        <h1>
          <Trans>Create your account</Trans>
        </h1>
        <p className="lead">
          <Trans>
            An account lets you follow the services you have with us, request changes and keep your
            contact and billing details up to date.
          </Trans>
        </p>
      </header>
      <RegistrationFlow redirect={redirect} />
    </article>
  )
}
