import { useMachine } from '@xstate/react'
import { type FocusEvent, useEffect, useState } from 'react'
import { slideshowMachine } from '../../../../machines/slideshow-machine'
import { inspectorOptions } from '../../../ui/machine-inspector'
import { inIsland, offerIslandSlideshow, takeIslandSlideshow } from '../slideshow-handover'

const reducedMotionQuery = '(prefers-reduced-motion: reduce)'

/**
 * Runs the slideshow machine for `slideCount` slides and wires the page-level inputs the
 * machine cannot see: the reduced-motion preference, pointer and focus. The server renders
 * the initial state (slide 1, playing); the preference is applied once mounted.
 * The app's carousel goes on from the state of the island's (../slideshow-handover.ts), if one
 * ran before the app loaded.
 */
export function useSlideshow(slideCount: number) {
  const [island] = useState(inIsland)
  const [handed] = useState(() => (island ? undefined : takeIslandSlideshow()))
  const [snapshot, send, actor] = useMachine(slideshowMachine, {
    input: { slideCount },
    ...(handed ? { snapshot: handed } : {}),
    ...inspectorOptions,
  })

  useEffect(() => {
    if (island) offerIslandSlideshow(actor)
    // A state restored carries no timer: choosing the slide shown starts a full interval
    // while rotating, and changes nothing otherwise.
    else if (handed) actor.send({ type: 'goTo', index: actor.getSnapshot().context.current })
  }, [island, handed, actor])

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
