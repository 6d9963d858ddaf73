import { options } from 'preact'

/**
 * Clicks that land before the app can handle them (docs/decisions/016 and 024). The
 * prerendered page shows every button at once, but its scripts load at low priority after the
 * first paint and its parts hydrate in turns: the inline script in index.html keeps the buttons
 * clicked until the page is live, and the app clicks again those no handler of its own received
 * (a button whose part had not hydrated yet), so a menu opened early still opens, once.
 */
type EarlyClick = { readonly button: Element; readonly event: Event }

declare global {
  interface Window {
    /** Set by index.html's inline script; `take` stops collecting. */
    earlyClicks?: { take(): EarlyClick[] }
  }
}

/** Events that reached one of the app's handlers. */
const handled = new WeakSet<Event>()

/**
 * From now on, notes every event Preact hands to one of the app's handlers (Preact's `event`
 * option sees each of them before the handler).
 */
export function noteHandledEvents(): void {
  const previous = options.event
  options.event = (event) => {
    handled.add(event)
    return previous ? previous(event) : event
  }
}

/** Stops collecting and hands over the buttons clicked that no handler received, oldest first. */
export function takeEarlyClicks(): readonly Element[] {
  const clicks = window.earlyClicks?.take() ?? []
  return clicks.filter(({ event }) => !handled.has(event)).map(({ button }) => button)
}

/** Clicks each button again, now that the app listens; buttons the app replaced are skipped. */
export function replayClicks(buttons: readonly Element[]): void {
  for (const button of buttons) {
    if (button.isConnected && button instanceof HTMLElement) button.click()
  }
}
