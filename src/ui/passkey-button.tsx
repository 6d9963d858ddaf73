import type { ReactNode } from 'react'

/**
 * The button that opens the browser's passkey dialog: aria-disabled while the flow is busy (it
 * keeps focus, and a click does nothing), saying it waits while the dialog is open. Its labels
 * come from the caller's catalog.
 */
export function PasskeyButton({
  busy,
  waiting,
  onUse,
  label,
  waitingLabel,
}: {
  readonly busy: boolean
  readonly waiting: boolean
  readonly onUse: () => void
  readonly label: ReactNode
  readonly waitingLabel: ReactNode
}) {
  return (
    <button
      type="button"
      className="button"
      aria-disabled={busy}
      onClick={() => {
        if (!busy) onUse()
      }}
    >
      {waiting ? waitingLabel : label}
    </button>
  )
}
