import { Trans } from '@lingui/react/macro'
import { useLocation } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useId, useRef } from 'react'
import { servicesMenuMachine } from '../../../machines/disclosure-machine'
import { localeFromPath } from '../../domain/locales'
import { inspectorOptions } from '../../ui/machine-inspector'
import { useCloseOnNavigation } from '../use-close-on-navigation'
import { useDismissable } from '../use-dismissable'
import { MegaMenu } from './mega-menu'
import { ChevronIcon } from './nav-icons'

/** Header item: the "Services" disclosure button and its mega-menu (servicesMenuMachine). */
export function ServicesMenu() {
  const containerRef = useRef<HTMLLIElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const [snapshot, send] = useMachine(
    servicesMenuMachine.provide({
      actions: { returnFocus: () => buttonRef.current?.focus() },
    }),
    inspectorOptions,
  )
  const open = snapshot.matches('open')
  useCloseOnNavigation(send)
  const dismissable = useDismissable(containerRef, open, send)
  // Marks the button (visually only: it is not a link) while a services page is shown.
  const inServices = useLocation({
    select: (location) => localeFromPath(location.pathname) !== undefined,
  })
  return (
    <li ref={containerRef} className="services-menu" {...dismissable}>
      <button
        ref={buttonRef}
        type="button"
        className="disclosure-button"
        aria-expanded={open}
        aria-controls={panelId}
        data-section-active={inServices || undefined}
        onClick={() => send({ type: 'toggle' })}
      >
        <Trans>Services</Trans>
        <ChevronIcon />
      </button>
      <div id={panelId} className="mega-menu" hidden={!open}>
        <MegaMenu />
      </div>
    </li>
  )
}
