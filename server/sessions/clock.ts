/** The clock of sessions and links: the deps' `now` when a test moves time, else the system's. */
export function nowOf(deps: { readonly now?: () => Date }): Date {
  return deps.now ? deps.now() : new Date()
}
