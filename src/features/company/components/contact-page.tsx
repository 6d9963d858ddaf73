import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { agency } from '../../../../domain/agency'
import { officeHours } from '../../../../domain/agency-hours'
import { mailtoHref } from '../../../../domain/mailto'
import { AgencyStructuredData } from '../../../ui/agency-structured-data'
import { InvoicingNote } from '../../../ui/invoicing-note'
import { WhatsappLink } from '../../../ui/whatsapp-link'

/** The contact page: its introduction, the form the route places in `form`, then how to reach us. */
export function ContactPage({
  form,
  whatsapp = null,
}: {
  readonly form?: ReactNode
  /** The agency's WhatsApp number (digits), null when it has none. */
  readonly whatsapp?: string | null
}) {
  const { i18n } = useLingui()
  return (
    <article>
      <header className="page-intro">
        <h1>
          <Trans>Contact us</Trans>
        </h1>
        <p className="lead">
          <Trans>
            Tell us about your project, your deadline and what success looks like for you. We reply
            within one business day, in English or Spanish.
          </Trans>
        </p>
      </header>
      {form ? (
        <section aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading">
            <Trans>Send us a message</Trans>
          </h2>
          {form}
        </section>
      ) : null}
      <h2>
        <Trans>Other ways to reach us</Trans>
      </h2>
      <dl className="contact-details">
        <div>
          <dt>
            <Trans>Email</Trans>
          </dt>
          <dd>
            <a href={mailtoHref(agency.email)}>{agency.email}</a>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Phone</Trans>
          </dt>
          <dd>
            <a href={`tel:${agency.phone.dialled}`}>{agency.phone.shown}</a>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Office hours</Trans>
          </dt>
          <dd>{i18n._(officeHours)}</dd>
        </div>
        {whatsapp !== null && (
          <div>
            <dt>WhatsApp</dt>
            <dd>
              <WhatsappLink digits={whatsapp} />
            </dd>
          </div>
        )}
      </dl>
      <InvoicingNote />
      <section aria-labelledby="contact-next">
        <h2 id="contact-next">
          <Trans>What happens next</Trans>
        </h2>
        <ol className="steps">
          <li>
            <Trans>A 30-minute call to understand your goals and constraints.</Trans>
          </li>
          <li>
            <Trans>
              A written proposal with scope, timeline and a fixed price for the first phase.
            </Trans>
          </li>
          <li>
            <Trans>A kick-off with the senior lead who will stay with your project.</Trans>
          </li>
        </ol>
      </section>
      <AgencyStructuredData />
    </article>
  )
}
