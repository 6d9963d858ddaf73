import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Suspense } from 'react'
import { accountMenuMachine } from '../../../machines/disclosure-machine'
import { useDisclosureMenu } from '../use-disclosure-menu'
import { LazyInboxBadge } from './lazy-inbox-badge'
import { ChevronIcon } from './nav-icons'

/**
 * Header item of a signed-in visitor: a button with their first name and its menu (a
 * disclosure of links, accountMenuMachine): My services, the inbox for the agency's admins
 * (with the count of threads awaiting a reply), Profile, Sign out. An admin's button shows that
 * count too, so it is seen without opening the menu (both follow the inbox's one stream).
 */
export function AccountMenu({
  firstName,
  admin,
}: {
  readonly firstName: string
  readonly admin: boolean
}) {
  const menu = useDisclosureMenu<HTMLLIElement>(accountMenuMachine)
  return (
    <li className="account-menu" {...menu.container}>
      <button className="disclosure-button" {...menu.button}>
        {/* One name for assistive technology; the eye sees the first name alone. */}
        <span className="visually-hidden">
          <Trans>Account of {firstName}</Trans>
        </span>
        <span className="account-menu-name" aria-hidden="true">
          {firstName}
        </span>
        {admin ? (
          <Suspense fallback={null}>
            <LazyInboxBadge />
          </Suspense>
        ) : null}
        <ChevronIcon />
      </button>
      <ul className="account-menu-panel" {...menu.panel}>
        <li>
          <Link to="/my-services">
            <Trans>My services</Trans>
          </Link>
        </li>
        {admin ? (
          <li>
            <Link to="/admin">
              <Trans>Inbox</Trans>
              <Suspense fallback={null}>
                <LazyInboxBadge />
              </Suspense>
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/profile">
            <Trans>Profile</Trans>
          </Link>
        </li>
        <li>
          <Link to="/logout">
            <Trans>Sign out</Trans>
          </Link>
        </li>
      </ul>
    </li>
  )
}
