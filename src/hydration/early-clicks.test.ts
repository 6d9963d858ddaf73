import { options } from 'preact'
import { afterEach, describe, expect, it } from 'vitest'
import { noteHandledEvents, replayClicks, takeEarlyClicks } from './early-clicks'

// The recorder of index.html, as the page has it: every click on a button, with its event.
function record(): () => void {
  const clicked: { button: Element; event: Event }[] = []
  const keep = (event: Event) => {
    const button = event.target instanceof Element && event.target.closest('button[type="button"]')
    if (button) clicked.push({ button, event })
  }
  document.addEventListener('click', keep, true)
  window.earlyClicks = {
    take() {
      document.removeEventListener('click', keep, true)
      return clicked.splice(0)
    },
  }
  return () => document.removeEventListener('click', keep, true)
}

const previousEvent = options.event
afterEach(() => {
  options.event = previousEvent
  window.earlyClicks = undefined
  document.body.innerHTML = ''
})

describe('early clicks', () => {
  it('hands over the clicks no handler of the app received, and replays them once', () => {
    const stop = record()
    noteHandledEvents()
    document.body.innerHTML =
      '<button type="button" id="live">live</button><button type="button" id="waiting">waiting</button>'
    const live = document.getElementById('live') as HTMLButtonElement
    const waiting = document.getElementById('waiting') as HTMLButtonElement
    // A hydrated button: Preact passes its events through the `event` option.
    live.addEventListener('click', (event) => options.event?.(event))
    live.click()
    waiting.click()
    live.click()

    const taken = takeEarlyClicks()
    expect(taken).toEqual([waiting])
    // Taking stops the recorder: the replay is not recorded again.
    let replayed = 0
    waiting.addEventListener('click', () => replayed++)
    replayClicks(taken)
    expect(replayed).toBe(1)
    expect(takeEarlyClicks()).toEqual([])
    stop()
  })

  it('skips a button the app has replaced before the replay', () => {
    const stop = record()
    noteHandledEvents()
    document.body.innerHTML = '<button type="button">gone</button>'
    const button = document.querySelector('button') as HTMLButtonElement
    button.click()
    const taken = takeEarlyClicks()
    let clicked = 0
    button.addEventListener('click', () => clicked++)
    button.remove()
    replayClicks(taken)
    expect(taken).toEqual([button])
    expect(clicked).toBe(0)
    stop()
  })
})
