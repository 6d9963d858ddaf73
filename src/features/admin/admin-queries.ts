/** The inbox's server reads sit under the session's key: signing out removes them. */
export const adminQueryKey = ['me', 'admin'] as const
