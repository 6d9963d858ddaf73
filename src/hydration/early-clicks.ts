/**
 * Clicks that land before the app can handle them (docs/decisions/016). The prerendered page
 * shows every button at once, but its scripts load at low priority after the first paint: the
 * inline script in index.html keeps the buttons clicked until then, and the app clicks them
 * again once hydrated, so a menu opened early still opens.
 */
declare global {
  interface Window {
    /** Set by index.html's inline script; `take` stops collecting. */
    earlyClicks?: { take(): Element[] }
  }
}

/** Stops collecting and hands over the buttons clicked so far, oldest first. */
export function takeEarlyClicks(): readonly Element[] {
  return window.earlyClicks?.take() ?? []
}

/** Clicks each button again, now that the app listens; buttons the app replaced are skipped. */
export function replayClicks(buttons: readonly Element[]): void {
  for (const button of buttons) {
    if (button.isConnected && button instanceof HTMLElement) button.click()
  }
}
