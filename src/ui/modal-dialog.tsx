import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react'
import './modal-dialog.css'

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * A modal dialog: labelled by its heading (`labelledBy`), focus moved into it when it opens
 * (its first field, else its first control) and kept there (Tab and Shift+Tab wrap), Escape
 * cancels (wherever focus is), and focus goes back where it was when it closes (it unmounts).
 */
export function ModalDialog({
  labelledBy,
  onCancel,
  children,
}: {
  readonly labelledBy: string
  readonly onCancel: () => void
  readonly children: ReactNode
}) {
  const box = useRef<HTMLDivElement>(null)
  const cancel = useRef(onCancel)
  cancel.current = onCancel
  // Escape cancels wherever focus is (a control that just went away leaves it on the page).
  useEffect(() => {
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      cancel.current()
    }
    document.addEventListener('keydown', onEscape)
    return () => document.removeEventListener('keydown', onEscape)
  }, [])
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const first =
      box.current?.querySelector<HTMLElement>('input, textarea, select') ??
      box.current?.querySelector<HTMLElement>(focusable)
    first?.focus()
    return () => before?.focus()
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !box.current) return
    const controls = [...box.current.querySelectorAll<HTMLElement>(focusable)]
    const first = controls[0]
    const last = controls[controls.length - 1]
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <div className="modal-backdrop">
      <div
        ref={box}
        className="modal-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  )
}
