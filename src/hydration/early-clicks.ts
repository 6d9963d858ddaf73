import { options } from 'preact'

/**
 * What the visitor did before the app could handle it (docs/decisions/016 and 024). The
 * prerendered page shows every button and form at once, but its scripts load at low priority
 * after the first paint and its parts hydrate in turns: the inline script in index.html keeps
 * the buttons clicked and holds back the forms sent until the page is live, and the app clicks
 * again the buttons no handler of its own received (a button whose part had not hydrated yet)
 * and sends those forms again, so a menu opened early still opens, once, and a form sent early
 * reaches its machine instead of posting the page.
 */
type EarlyInput = {
  readonly target: Element
  readonly event: Event
  /** For a form: the button that sent it, if any. */
  readonly submitter?: Element | null
}

declare global {
  interface Window {
    /** Set by index.html's inline script; `take` stops collecting. */
    earlyClicks?: { any(): boolean; take(): EarlyInput[] }
  }
}

/** A button to click again, or a form to send again (with the button that sent it). */
export type EarlyAction = { readonly target: Element; readonly submitter?: Element | null }

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

/** Stops collecting and hands over what no handler received, oldest first. */
export function takeEarlyClicks(): readonly EarlyAction[] {
  const kept = window.earlyClicks?.take() ?? []
  return kept
    .filter(({ event }) => !handled.has(event))
    .map(({ target, submitter }) => (submitter === undefined ? { target } : { target, submitter }))
}

/** Does each again, now that the app listens; what the app replaced meanwhile is skipped. */
export function replayClicks(actions: readonly EarlyAction[]): void {
  for (const { target, submitter } of actions) {
    if (!target.isConnected) continue
    if (target instanceof HTMLFormElement) {
      // The button that sent it, when it is still one of the form's submit buttons.
      const sentBy =
        submitter instanceof HTMLElement && submitter.isConnected && form(submitter) === target
          ? submitter
          : null
      target.requestSubmit(sentBy)
    } else if (target instanceof HTMLElement) target.click()
  }
}

function form(element: HTMLElement): HTMLFormElement | null {
  return element instanceof HTMLButtonElement || element instanceof HTMLInputElement
    ? element.form
    : null
}

/**
 * What was typed or chosen in the page's fields before the app listened (the app loads on the
 * visitor's first intent, docs/decisions/068: focus in a field starts it, and the typing goes
 * on meanwhile): each field whose value is not the one the page was rendered with gets the
 * event its handler listens to, so its machine learns it before any click or form sent early
 * is replayed (a render after that would otherwise put the machine's empty value back).
 */
export function replayTyping(root: ParentNode): void {
  for (const field of root.querySelectorAll('input, textarea, select')) {
    if (
      field instanceof HTMLInputElement &&
      (field.type === 'checkbox' || field.type === 'radio')
    ) {
      if (field.checked !== field.defaultChecked)
        field.dispatchEvent(new Event('change', { bubbles: true }))
    } else if (field instanceof HTMLSelectElement) {
      const chosen = [...field.options].some((option) => option.selected !== option.defaultSelected)
      if (chosen) field.dispatchEvent(new Event('change', { bubbles: true }))
    } else if (
      (field instanceof HTMLInputElement && !['hidden', 'file'].includes(field.type)) ||
      field instanceof HTMLTextAreaElement
    ) {
      if (field.value !== field.defaultValue)
        field.dispatchEvent(new Event('input', { bubbles: true }))
    }
  }
}
