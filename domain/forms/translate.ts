import type { MessageDescriptor } from '@lingui/core'

/**
 * A message in one language: what a schema's messages are built with, on the page (the active
 * language) and on the server (the request's), so both sides refuse a field in the same words.
 */
export type Translate = (descriptor: MessageDescriptor) => string
