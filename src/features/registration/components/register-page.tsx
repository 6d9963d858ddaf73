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
            An account lets you request our services and follow each request in My services, keep
            your profile up to date and manage the devices you are signed in on.
          </Trans>
        </p>
      </header>
      <RegistrationFlow redirect={redirect} />
    </article>
  )
}
