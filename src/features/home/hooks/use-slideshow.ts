import { useMachine } from '@xstate/react'
import { type FocusEvent, useEffect } from 'react'
import { slideshowMachine } from '../../../../machines/slideshow-machine'
import { inspectorOptions } from '../../../ui/machine-inspector'

const reducedMotionQuery = '(prefers-reduced-motion: reduce)'

/**
 * Runs the slideshow machine for `slideCount` slides and wires the page-level inputs the
 * machine cannot see: the reduced-motion preference, pointer and focus. The server renders
 * the initial state (slide 1, playing); the preference is applied once mounted.
 */
export function useSlideshow(slideCount: number) {
  const [snapshot, send] = useMachine(slideshowMachine, {
    input: { slideCount },
    ...inspectorOptions,
  })

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return
    const query = window.matchMedia(reducedMotionQuery)
    const apply = () => {
      if (query.matches) send({ type: 'motion.reduce' })
    }
    apply()
    query.addEventListener('change', apply)
    return () => query.removeEventListener('change', apply)
  }, [send])

  const regionHandlers = {
    onPointerEnter: () => send({ type: 'pointer.enter' }),
    onPointerLeave: () => send({ type: 'pointer.leave' }),
    onFocus: () => send({ type: 'focus.enter' }),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      // Moving between controls inside the slideshow is not leaving it.
      const next = event.relatedTarget
      if (!(next instanceof Node && event.currentTarget.contains(next)))
        send({ type: 'focus.leave' })
    },
  }

  return {
    current: snapshot.context.current,
    /** The visitor wants rotation (the control offers "pause"); it may still be held. */
    playing: snapshot.matches('playing'),
    /** Slides are changing on their own right now (live region off). */
    rotating: snapshot.hasTag('rotating'),
    send,
    regionHandlers,
  }
}
