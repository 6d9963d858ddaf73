import { createContext, type ReactNode, type RefObject, useContext, useEffect, useRef } from 'react'

/**
 * Where focus goes once the inbox shows what a move asked for, so a screen reader hears the
 * result and the keyboard carries on from it: the list (its table, named by its caption with
 * the count) after the filters are applied or cleared, the item's heading after a row opens it,
 * that item's row in the list after "Back to the list" (the list when the row is on another
 * page). Asked for by the move (a click), done by what it shows once it has loaded.
 */
export type InboxFocus =
  /** `query`: the list's query string as JSON (`adminListQuery`): the list asked for, not the one still shown. */
  | { readonly to: 'list'; readonly query: string }
  | { readonly to: 'detail'; readonly id: string }
  | { readonly to: 'row'; readonly id: string }

const InboxFocusContext = createContext<RefObject<InboxFocus | undefined> | undefined>(undefined)

/** The inbox's focus request, kept across the address changes its moves make. */
export function InboxFocusProvider({ children }: { readonly children: ReactNode }) {
  const pending = useRef<InboxFocus | undefined>(undefined)
  return <InboxFocusContext.Provider value={pending}>{children}</InboxFocusContext.Provider>
}

/** Asks for focus to move to `target` when it shows. */
export function useAskFocus(): (target: InboxFocus) => void {
  const pending = useContext(InboxFocusContext)
  return (target) => {
    if (pending) pending.current = target
  }
}

/**
 * Once `ready`, takes the pending request `take` accepts: `take` returns the element to focus
 * (undefined leaves the request for another part of the inbox).
 */
export function useFocusWhenReady(
  ready: boolean,
  take: (target: InboxFocus) => HTMLElement | null | undefined,
): void {
  const pending = useContext(InboxFocusContext)
  const pick = useRef(take)
  pick.current = take
  useEffect(() => {
    const target = pending?.current
    if (!ready || !pending || !target) return
    const element = pick.current(target)
    if (!element) return
    pending.current = undefined
    element.focus()
  })
}
