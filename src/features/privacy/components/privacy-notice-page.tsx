import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { agency } from '../../../../domain/agency'
import { officeHours } from '../../../../domain/agency-hours'
import { mailtoHref } from '../../../../domain/mailto'
import './privacy-notice.css'

/**
 * The privacy notice (aviso de privacidad) under Mexico's LFPDPPP: who is responsible, what the
 * site collects and why, how long each kind of data is kept (the figures are the server's own:
 * server/maintenance/cleanup.ts, the session and link lifetimes), who receives it, and how to
 * exercise the ARCO rights. One component; `/privacy` and `/privacidad` show it in their language.
 */
export function PrivacyNoticePage() {
  const { i18n } = useLingui()
  const mail = <a href={mailtoHref(agency.email)}>{agency.email}</a>
  const phone = agency.phone.shown
  const hours = i18n._(officeHours)
  return (
    <article className="privacy-notice">
      <header className="page-intro">
        <h1>
          <Trans>Privacy notice</Trans>
        </h1>
        <p className="lead">
          <Trans>
            What this website collects about you, why, how long we keep it, who else sees it, and
            how you can see, correct or delete it.
          </Trans>
        </p>
        <p>
          <Trans>Last updated: 26 November 2026.</Trans>
        </p>
      </header>

      <section aria-labelledby="privacy-who">
        <h2 id="privacy-who">
          <Trans>Who is responsible</Trans>
        </h2>
        <p>
          <Trans>
            Puente Digital, a web agency based in Mexico City, is responsible for the personal data
            described here under Mexico's Federal Law on the Protection of Personal Data Held by
            Private Parties (LFPDPPP). You can reach us at {mail} or on {phone}. Office hours:{' '}
            {hours}.
          </Trans>
        </p>
      </section>

      <section aria-labelledby="privacy-what">
        <h2 id="privacy-what">
          <Trans>What we collect and why</Trans>
        </h2>
        <dl className="privacy-list">
          <dt>
            <Trans>Your account</Trans>
          </dt>
          <dd>
            <Trans>
              When you register: your name, last name, email address, phone, postal address, gender
              and date of birth, and your password, which we store only as a one-way hash. We use
              them to run your account, to contact you about your services and to invoice them.
            </Trans>
          </dd>
          <dt>
            <Trans>Messages from the contact form</Trans>
          </dt>
          <dd>
            <Trans>
              Your name and email address, your phone and company if you give them, the service and
              budget you choose, your message and the language of the page. We use them only to
              answer you, and we send you an acknowledgement at the address you give.
            </Trans>
          </dd>
          <dt>
            <Trans>Service requests</Trans>
          </dt>
          <dd>
            <Trans>
              What you need, when you would like to start and your budget, and every change of the
              request's status with our notes. We use them to prepare a proposal, deliver the work
              and keep you informed by email.
            </Trans>
          </dd>
          <dt>
            <Trans>Proposals and their acceptance</Trans>
          </dt>
          <dd>
            <Trans>
              The proposals we send you for a request (items, amounts, validity, scope and terms)
              and your answer. When you accept one we record the full name you typed, the date and
              time, your IP address, your browser's description and a fingerprint (SHA-256) of the
              proposal as it was sent, so that both sides can prove what was agreed.
            </Trans>
          </dd>
          <dt>
            <Trans>Conversations and files</Trans>
          </dt>
          <dd>
            <Trans>
              The messages you and our team write about each request, and the files shared in them
              with their name, size, type and checksum. We use them to do the work you asked for,
              and we email you a summary of new messages when you are not on the page.
            </Trans>
          </dd>
          <dt>
            <Trans>Sessions</Trans>
          </dt>
          <dd>
            <Trans>
              When you sign in: a session cookie (we store only a hash of it), when the session
              started and was last used, and your browser's description, so that you stay signed in
              and can see and end your sessions in your profile.
            </Trans>
          </dd>
          <dt>
            <Trans>Server records</Trans>
          </dt>
          <dd>
            <Trans>
              For each request: the time, your IP address, the page or API address, the answer's
              status and security events such as failed sign-ins. They never contain passwords,
              links' secret tokens or full email addresses. We use them to protect the site and to
              find faults.
            </Trans>
          </dd>
          <dt>
            <Trans>Preferences in your browser</Trans>
          </dt>
          <dd>
            <Trans>
              Your language and theme are kept in your browser (local storage and a language
              cookie). We use no advertising or tracking cookies.
            </Trans>
          </dd>
        </dl>
      </section>

      <section aria-labelledby="privacy-how-long">
        <h2 id="privacy-how-long">
          <Trans>How long we keep it</Trans>
        </h2>
        <ul>
          <li>
            <Trans>
              Your account, its service requests, their history, conversations and files: until you
              delete the account. Deleting it removes them at once, with your sessions and links.
            </Trans>
          </li>
          <li>
            <Trans>
              The record of a proposal you accepted (your name and email address, the name you
              typed, the date, IP address and browser, the proposal as sent and its fingerprint):
              five years from the acceptance, because Mexican tax law requires us to keep the
              records behind our invoices for that long. If you delete your account before then, the
              record is kept apart, no longer linked to any account, and deleted when the five years
              are over. Proposals you did not accept are deleted with the account.
            </Trans>
          </li>
          <li>
            <Trans>
              Contact messages: until we have answered and no longer need them to follow up. Write
              to us and we delete yours.
            </Trans>
          </li>
          <li>
            <Trans>
              Sessions: they end after 2 hours without use (30 days if you chose to stay signed in)
              and after 30 days at most; ended sessions are deleted within the hour.
            </Trans>
          </li>
          <li>
            <Trans>
              Links we email: a password reset link works for 1 hour and a confirmation link for 24
              hours; both are deleted a day after they expire.
            </Trans>
          </li>
          <li>
            <Trans>The record of each email we sent (address, kind and date): 30 days.</Trans>
          </li>
          <li>
            <Trans>
              Counters that limit repeated attempts (by IP address, and by a hash of the email
              address, never the address itself): one day.
            </Trans>
          </li>
          <li>
            <Trans>Server records: 30 days.</Trans>
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-shared">
        <h2 id="privacy-shared">
          <Trans>Who else sees it</Trans>
        </h2>
        <p>
          <Trans>
            We do not sell your data or share it for advertising. Two kinds of providers process it
            on our behalf and only to provide their service: our email delivery provider, which
            receives the address and content of each email we send you, and the hosting provider of
            our servers and database. We disclose data to authorities only when a law or a court
            order requires it.
          </Trans>
        </p>
      </section>

      <section aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">
          <Trans>Your rights: access, rectification, cancellation and opposition</Trans>
        </h2>
        <p>
          <Trans>
            You may see the data we hold about you (access), correct it (rectification), have it
            deleted (cancellation) and object to a use of it (opposition), and you may withdraw your
            consent at any time.
          </Trans>
        </p>
        <ul>
          <li>
            <Trans>
              Signed in, in <Link to="/profile">your profile</Link>: download everything stored
              about your account, correct your details, and delete your account with all its data.
            </Trans>
          </li>
          <li>
            <Trans>
              That download lists your conversations and the name, size and checksum of each file;
              the files themselves download from each request's page in{' '}
              <Link to="/my-services">My services</Link>.
            </Trans>
          </li>
          <li>
            <Trans>
              Otherwise, or for a contact message, write to {mail} with your name, the right you
              want to exercise and the data it concerns. We answer within 20 business days and carry
              out what we agreed within the following 15.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>
            If you believe we have not respected your rights, you may also complain to Mexico's data
            protection authority.
          </Trans>
        </p>
      </section>

      <section aria-labelledby="privacy-changes">
        <h2 id="privacy-changes">
          <Trans>Changes to this notice</Trans>
        </h2>
        <p>
          <Trans>
            When this notice changes, we publish the new version on this page with its date. If a
            change affects how we use data you already gave us, we also tell you by email.
          </Trans>
        </p>
      </section>
    </article>
  )
}
