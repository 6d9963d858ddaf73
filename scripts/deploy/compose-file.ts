import * as v from 'valibot'
import { parse } from 'yaml'

/**
 * A compose file read as `docker compose` reads it, as far as scripts/deploy-files.test.ts
 * needs: YAML with merge keys (`<<: *app`), then `${VAR}`, `${VAR:-default}`, `${VAR:+alternative}`
 * and `${VAR:?message}` in its values substituted from a given environment (a required one missing
 * is an error, as compose stops on it).
 */

const ServiceSchema = v.object({
  image: v.optional(v.string()),
  command: v.optional(v.array(v.string())),
  // Written as a map here (a list of KEY=value would be legal compose, but harder to check).
  environment: v.optional(v.record(v.string(), v.string())),
  depends_on: v.optional(
    v.union([v.array(v.string()), v.record(v.string(), v.object({ condition: v.string() }))]),
  ),
  networks: v.optional(
    v.union([
      v.array(v.string()),
      v.record(v.string(), v.nullable(v.object({ ipv4_address: v.optional(v.string()) }))),
    ]),
  ),
  volumes: v.optional(v.array(v.string())),
  ports: v.optional(v.array(v.string())),
  build: v.optional(v.object({ context: v.string(), target: v.optional(v.string()) })),
  profiles: v.optional(v.array(v.string())),
})

const ComposeSchema = v.object({
  services: v.record(v.string(), ServiceSchema),
  networks: v.optional(
    v.record(
      v.string(),
      v.object({
        ipam: v.optional(
          v.object({ config: v.optional(v.array(v.object({ subnet: v.string() }))) }),
        ),
      }),
    ),
  ),
})

export type Service = v.InferOutput<typeof ServiceSchema>
export type ComposeFile = v.InferOutput<typeof ComposeSchema>

export function interpolate(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
): string {
  return text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])((?:[^}])*))?\}/g,
    (whole, name: string | undefined, operator: string | undefined, rest: string | undefined) => {
      if (whole === '$$') return '$'
      const value = env[name ?? '']
      const missing = operator?.startsWith(':') ? !value : value === undefined
      // `${VAR:+alternative}`: the alternative when VAR is set, else nothing.
      if (operator?.endsWith('+')) return missing ? '' : (rest ?? '')
      if (!missing) return value ?? ''
      if (operator?.endsWith('?')) throw new Error(`${name}: ${rest || 'required'}`)
      if (operator?.endsWith('-')) return rest ?? ''
      return ''
    },
  )
}

/** Substitutes the variables in every string value (never in keys), as compose does. */
function interpolateValues(
  value: unknown,
  env: Readonly<Record<string, string | undefined>>,
): unknown {
  if (typeof value === 'string') return interpolate(value, env)
  if (Array.isArray(value)) return value.map((item) => interpolateValues(item, env))
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolateValues(item, env)]),
    )
  return value
}

/**
 * Parses the file, then substitutes the variables in its values: compose interpolates after
 * the YAML is read, so a substituted value stays a string (a key of digits is not a number).
 */
export function readCompose(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
): ComposeFile {
  return v.parse(ComposeSchema, interpolateValues(parse(text, { merge: true }), env))
}
