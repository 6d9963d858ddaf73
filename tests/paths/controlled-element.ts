/** The element a disclosure button controls (its `aria-controls`), or a failure that names it. */
export function controlledElement(button: HTMLElement, name: string): HTMLElement {
  const id = button.getAttribute('aria-controls')
  const element = id ? document.getElementById(id) : null
  if (!element) throw new Error(`The ${name} button controls no element`)
  return element
}
