import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { type SlideshowEvent, slideIntervalMs, slideshowMachine } from './slideshow-machine'

function start(slideCount?: number) {
  const actor = createActor(slideshowMachine, { input: { slideCount } }).start()
  const current = () => actor.getSnapshot().context.current
  const send = (...events: SlideshowEvent[]) => {
    for (const event of events) actor.send(event)
  }
  return { actor, current, send }
}

describe('the slideshow machine', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('starts on the first of three slides, rotating', () => {
    const { actor, current } = start()
    expect(current()).toBe(0)
    expect(actor.getSnapshot().context.slideCount).toBe(3)
    expect(actor.getSnapshot().matches({ playing: 'rotating' })).toBe(true)
    expect(actor.getSnapshot().hasTag('rotating')).toBe(true)
  })

  it('advances every 5000 ms and wraps from the last slide to the first', () => {
    const { current } = start()
    vi.advanceTimersByTime(slideIntervalMs - 1)
    expect(current()).toBe(0)
    vi.advanceTimersByTime(1)
    expect(current()).toBe(1)
    vi.advanceTimersByTime(slideIntervalMs)
    expect(current()).toBe(2)
    vi.advanceTimersByTime(slideIntervalMs)
    expect(current()).toBe(0)
  })

  it('wraps previous from the first slide to the last and next from the last to the first', () => {
    const { current, send } = start()
    send({ type: 'previous' })
    expect(current()).toBe(2)
    send({ type: 'next' })
    expect(current()).toBe(0)
    send({ type: 'next' }, { type: 'next' }, { type: 'next' })
    expect(current()).toBe(0)
  })

  it('jumps to the chosen slide, wrapping an out-of-range index', () => {
    const { current, send } = start()
    send({ type: 'goTo', index: 2 })
    expect(current()).toBe(2)
    send({ type: 'goTo', index: 4 })
    expect(current()).toBe(1)
    send({ type: 'goTo', index: -1 })
    expect(current()).toBe(2)
  })

  it('restarts the 5 s interval after a manual change while rotating', () => {
    const { current, send } = start()
    vi.advanceTimersByTime(4000)
    send({ type: 'goTo', index: 2 })
    vi.advanceTimersByTime(4000)
    expect(current()).toBe(2)
    vi.advanceTimersByTime(1000)
    expect(current()).toBe(0)
  })

  it('holds rotation while the pointer is over it and resumes with a full interval after it leaves', () => {
    const { actor, current, send } = start()
    vi.advanceTimersByTime(3000)
    send({ type: 'pointer.enter' })
    expect(actor.getSnapshot().matches({ playing: 'held' })).toBe(true)
    vi.advanceTimersByTime(20_000)
    expect(current()).toBe(0)
    send({ type: 'pointer.leave' })
    vi.advanceTimersByTime(slideIntervalMs - 1)
    expect(current()).toBe(0)
    vi.advanceTimersByTime(1)
    expect(current()).toBe(1)
  })

  it('keeps holding until both the pointer and the focus have left', () => {
    const { actor, current, send } = start()
    send({ type: 'focus.enter' }, { type: 'pointer.enter' }, { type: 'pointer.leave' })
    vi.advanceTimersByTime(20_000)
    expect(current()).toBe(0)
    expect(actor.getSnapshot().matches({ playing: 'held' })).toBe(true)
    send({ type: 'pointer.enter' }, { type: 'focus.leave' })
    expect(actor.getSnapshot().matches({ playing: 'held' })).toBe(true)
    send({ type: 'pointer.leave' })
    expect(actor.getSnapshot().matches({ playing: 'rotating' })).toBe(true)
    vi.advanceTimersByTime(slideIntervalMs)
    expect(current()).toBe(1)
  })

  it('lets the visitor navigate while rotation is held, without advancing by itself', () => {
    const { current, send } = start()
    send({ type: 'focus.enter' }, { type: 'next' }, { type: 'next' })
    expect(current()).toBe(2)
    vi.advanceTimersByTime(20_000)
    expect(current()).toBe(2)
  })

  it('stays paused after the pause control, whatever the pointer and focus do, until play', () => {
    const { actor, current, send } = start()
    send({ type: 'pointer.enter' }, { type: 'focus.enter' }, { type: 'pause' })
    send({ type: 'pointer.leave' }, { type: 'focus.leave' })
    vi.advanceTimersByTime(60_000)
    expect(current()).toBe(0)
    expect(actor.getSnapshot().matches('paused')).toBe(true)
    expect(actor.getSnapshot().hasTag('rotating')).toBe(false)
    send({ type: 'next' }, { type: 'previous' }, { type: 'goTo', index: 1 })
    expect(current()).toBe(1)
    send({ type: 'play' })
    expect(actor.getSnapshot().matches({ playing: 'rotating' })).toBe(true)
    vi.advanceTimersByTime(slideIntervalMs)
    expect(current()).toBe(2)
  })

  it('resumes into the held state when play is pressed with the pointer or focus inside', () => {
    const { actor, current, send } = start()
    send({ type: 'pause' }, { type: 'focus.enter' }, { type: 'play' })
    expect(actor.getSnapshot().matches({ playing: 'held' })).toBe(true)
    vi.advanceTimersByTime(20_000)
    expect(current()).toBe(0)
    send({ type: 'focus.leave' })
    vi.advanceTimersByTime(slideIntervalMs)
    expect(current()).toBe(1)
  })

  it('never rotates on its own under a reduced-motion preference, but the visitor may press play', () => {
    const { actor, current, send } = start()
    send({ type: 'motion.reduce' })
    vi.advanceTimersByTime(60_000)
    expect(current()).toBe(0)
    expect(actor.getSnapshot().matches('paused')).toBe(true)
    send({ type: 'play' })
    vi.advanceTimersByTime(slideIntervalMs)
    expect(current()).toBe(1)
  })

  it('schedules no timer once paused (nothing left behind after stop)', () => {
    const { actor, send } = start()
    expect(vi.getTimerCount()).toBe(1)
    send({ type: 'pause' })
    expect(vi.getTimerCount()).toBe(0)
    send({ type: 'play' })
    expect(vi.getTimerCount()).toBe(1)
    actor.stop()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('accepts another number of slides', () => {
    const { current, send } = start(5)
    send({ type: 'previous' })
    expect(current()).toBe(4)
  })
})
