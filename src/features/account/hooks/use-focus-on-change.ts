import { useEffect, useRef } from 'react'

/**
 * Moves focus when a flow changes what it shows: to the heading of an answer, or back to the
 * form's first control. `view` names what is shown; nothing moves on the first render.
 */
export function useFocusOnChange<Heading extends HTMLElement, Control extends HTMLElement>(
  view: string,
  formView: string,
) {
  const headingRef = useRef<Heading>(null)
  const controlRef = useRef<Control>(null)
  const previous = useRef(view)
  useEffect(() => {
    if (previous.current === view) return
    previous.current = view
    if (view === formView) controlRef.current?.focus()
    else headingRef.current?.focus()
  }, [view, formView])
  return { headingRef, controlRef }
}
