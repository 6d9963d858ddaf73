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

export type ParsedBody =
  | { readonly ok: true; readonly value: Readonly<Record<string, unknown>> }
  | { readonly ok: false }

/**
 * The body as a JSON object, or `ok: false` when it is not JSON or its top level is not an
 * object (`[]`, `"x"`, `1`, `null`): every body of the API is an object, and a schema that makes
 * all its fields optional (a partial profile update) would otherwise accept those as "nothing
 * to change".
 */
export async function readJson(c: Context): Promise<ParsedBody> {
  let value: unknown
  try {
    value = JSON.parse(await c.req.text())
  } catch {
    return { ok: false }
  }
  return isJsonObject(value) ? { ok: true, value } : { ok: false }
}

function isJsonObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
