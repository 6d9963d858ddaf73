import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useId, useRef } from 'react'
import { accountMenuMachine } from '../../../machines/disclosure-machine'
import { inspectorOptions } from '../../ui/machine-inspector'
import { useCloseOnNavigation } from '../use-close-on-navigation'
import { useDismissable } from '../use-dismissable'
import { ChevronIcon } from './nav-icons'

/**
 * Header item of a signed-in visitor: a button with their first name and its menu (a
 * disclosure of links, accountMenuMachine): My services, Profile, Sign out.
 */
export function AccountMenu({ firstName }: { readonly firstName: string }) {
  const containerRef = useRef<HTMLLIElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const [snapshot, send] = useMachine(
    accountMenuMachine.provide({
      actions: { returnFocus: () => buttonRef.current?.focus() },
    }),
    inspectorOptions,
  )
  const open = snapshot.matches('open')
  useCloseOnNavigation(send)
  const dismissable = useDismissable(containerRef, open, send)
  return (
    <li ref={containerRef} className="account-menu" {...dismissable}>
      <button
        ref={buttonRef}
        type="button"
        className="disclosure-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => send({ type: 'toggle' })}
      >
        {/* One name for assistive technology; the eye sees the first name alone. */}
        <span className="visually-hidden">
          <Trans>Account of {firstName}</Trans>
        </span>
        <span aria-hidden="true">{firstName}</span>
        <ChevronIcon />
      </button>
      <ul id={panelId} className="account-menu-panel" hidden={!open}>
        <li>
          <Link to="/my-services">
            <Trans>My services</Trans>
          </Link>
        </li>
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
