/**
 * A typed code's `submit`, shared by the machines that ask for one: on to `validating`, the
 * code kept (the machine's `takeCode` action) without the spaces that apps and printed lists
 * put in it ("123 456").
 */
export const codeSubmitted = {
  target: 'validating',
  actions: {
    type: 'takeCode',
    params: ({ event }: { readonly event: { readonly code: string } }) => ({
      code: event.code.replace(/\s+/g, ''),
    }),
  },
} as const
