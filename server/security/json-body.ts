import type { Context, Env, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'

/** Request bodies above this size are refused with 413 before they are read in full. */
export const maxBodyBytes = 64 * 1024

export type BodyErrors<E extends Env> = {
  readonly unsupportedMediaType: (c: Context<E>) => Response
  readonly tooLarge: (c: Context<E>) => Response
}

/** `application/json` (any charset parameter) or a `+json` type. */
export function isJsonContentType(header: string | undefined): boolean {
  const type = header?.split(';')[0]?.trim().toLowerCase() ?? ''
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type)
}

/** 413 for a body over 64 KiB (by Content-Length, or while streaming a chunked one); 415 for non-JSON. */
export function jsonBodyGuards<E extends Env>(errors: BodyErrors<E>): MiddlewareHandler<E>[] {
  return [
    bodyLimit({ maxSize: maxBodyBytes, onError: (c) => errors.tooLarge(c as Context<E>) }),
    async (c, next) => {
      if (!isJsonContentType(c.req.header('content-type'))) return errors.unsupportedMediaType(c)
      await next()
    },
  ]
}

export type ParsedBody = { readonly ok: true; readonly value: unknown } | { readonly ok: false }

export async function readJson(c: Context): Promise<ParsedBody> {
  try {
    return { ok: true, value: JSON.parse(await c.req.text()) as unknown }
  } catch {
    return { ok: false }
  }
}
