import { useMachine } from '@xstate/react'
import { useId, useRef } from 'react'
import type { DisclosureMachine } from '../../machines/disclosure-machine'
import { inspectorOptions } from '../ui/machine-inspector'
import { useCloseOnNavigation } from './use-close-on-navigation'
import { useDismissable } from './use-dismissable'

/**
 * The wiring of a header or bar disclosure (one of the disclosure machines): its actor, focus
 * back to the trigger on Escape, closing on navigation, Escape, a press or focus outside.
 * Returns the props of its three parts: the container (wraps trigger and panel), the trigger
 * button and the panel.
 */
export function useDisclosureMenu<Container extends HTMLElement>(machine: DisclosureMachine) {
  const containerRef = useRef<Container>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const [snapshot, send] = useMachine(
    machine.provide({ actions: { returnFocus: () => buttonRef.current?.focus() } }),
    inspectorOptions,
  )
  const open = snapshot.matches('open')
  useCloseOnNavigation(send)
  const dismissable = useDismissable(containerRef, open, send)
  return {
    open,
    container: { ref: containerRef, ...dismissable },
    button: {
      ref: buttonRef,
      type: 'button',
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => send({ type: 'toggle' }),
    },
    panel: { id: panelId, hidden: !open },
  } as const
}
