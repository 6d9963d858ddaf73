import * as v from 'valibot'
import { agency } from '../domain/agency'
import { whatsappDigits } from '../domain/agency-whatsapp'
import type { SpeiAccount } from '../domain/api/payments-endpoints'
import { type Locale, locales } from '../domain/locales'
import { isClabe } from '../domain/payments/clabe'
import { defaultDatabaseWaitMs } from './db/timeouts'
import { isTimeZone } from './i18n/time-zone'
import type { StripeSettings } from './payments/stripe-client'
import { type ProxyTrust, parseTrustProxy } from './security/client-ip'
import { parseFactorKey, readOrCreateFactorKey } from './security/factor-key'
import { type BucketSettings, type FileStorage, fileStorages } from './storage/byte-store'

/** Where contact enquiries go unless AGENCY_EMAIL says otherwise: the address on /contact. */
export const defaultAgencyEmail = agency.email

/** The agency's clock (the office is in Mexico City) unless AGENCY_TIME_ZONE says otherwise. */
export const defaultAgencyTimeZone = 'America/Mexico_City'
/** The language of the agency's own mails unless AGENCY_LANGUAGE says otherwise. */
export const defaultAgencyLocale: Locale = agency.language

/**
 * How long a stopping instance keeps serving after /readyz turned 503: two or three of a load
 * balancer's probe intervals (typically 5 s), so it has taken the instance out before it stops.
 */
export const defaultShutdownDelayMs = 10_000

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/** A whole number of `unit` from the environment, from `min` to `max` (`maxNote` says why). */
const wholeNumber = (unit: string, min: number, max: number, maxNote: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `must be a number of ${unit}`),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max} (${maxNote})`),
  )

/** A port another listener of the process takes (metrics, inbound mail): 1-65535. */
const listeningPort = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'must be a port number'),
  v.transform(Number),
  v.integer(),
  v.minValue(1, 'must be a port number (1-65535)'),
  v.maxValue(65535, 'must be a port number (1-65535)'),
)

/** The process's settings, read once from the environment and validated (see README). */
const EnvSchema = v.object({
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a port number'),
      v.transform(Number),
      v.integer(),
      v.minValue(0, 'must be a port number (0-65535)'),
      v.maxValue(65535, 'must be a port number (0-65535)'),
    ),
    '3000',
  ),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './data'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
  ),
  DATABASE_LISTEN_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
  ),
  SMTP_URL: v.optional(
    v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  ),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
  CLIENT_DIR: v.optional(v.string()),
  XSRF_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  TOTP_ENCRYPTION_KEY: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => parseFactorKey(value) !== undefined,
        'must be 32 random bytes as 64 hex digits or 43 base64url characters (openssl rand -hex 32)',
      ),
    ),
  ),
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return
        const parsed = parseTrustProxy(dataset.value)
        if (!parsed.ok) addIssue({ message: parsed.problem })
      }),
    ),
    'false',
  ),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.minLength(3, 'must be at least 3 characters'))),
  AGENCY_EMAIL: v.optional(
    v.pipe(v.string(), v.email('must be an email address')),
    defaultAgencyEmail,
  ),
  AGENCY_TIME_ZONE: v.optional(
    v.pipe(
      v.string(),
      v.check(isTimeZone, 'must be an IANA time zone such as America/Mexico_City or UTC'),
    ),
    defaultAgencyTimeZone,
  ),
  AGENCY_WHATSAPP: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => whatsappDigits(value) !== undefined,
        'must be a phone number in international format, such as +52 55 4170 2386',
      ),
    ),
  ),
  AGENCY_LANGUAGE: v.optional(
    v.picklist(locales, `must be one of ${locales.join(', ')}`),
    defaultAgencyLocale,
  ),
  LOG_LEVEL: v.optional(v.picklist(logLevels, `must be one of ${logLevels.join(', ')}`), 'info'),
  DATABASE_WAIT_MS: v.optional(
    wholeNumber('milliseconds', 500, 25_000, 'the HTTP request timeout is 30 s'),
    String(defaultDatabaseWaitMs),
  ),
  MESSAGE_DIGEST_SECONDS: v.optional(wholeNumber('seconds', 0, 86_400, 'a day'), '300'),
  SHUTDOWN_DELAY_MS: v.optional(
    wholeNumber('milliseconds', 0, 60_000, 'a minute'),
    String(defaultShutdownDelayMs),
  ),
  MIGRATE_ON_START: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'must be true or false'),
      v.transform((value) => value === 'true'),
    ),
    'true',
  ),
  PAYMENT_BANK: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(100, 'use at most 100 characters')),
  ),
  PAYMENT_BENEFICIARY: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(200, 'use at most 200 characters')),
  ),
  PAYMENT_CLABE: v.optional(
    v.pipe(
      v.string(),
      v.check(isClabe, 'must be a CLABE: 18 digits whose last is the check digit of the others'),
    ),
  ),
  STRIPE_SECRET_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_…)')),
  ),
  STRIPE_PUBLISHABLE_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_…)')),
  ),
  STRIPE_WEBHOOK_SECRET: v.optional(
    v.pipe(v.string(), v.regex(/^whsec_\w+$/, "must be a webhook's signing secret (whsec_…)")),
  ),
  STRIPE_API_BASE: v.optional(
    v.pipe(
      v.string(),
      v.url('must be a URL'),
      v.regex(/^https?:\/\/[^/]+\/?$/, 'must be http(s)://host[:port], nothing after'),
    ),
  ),
  METRICS_PORT: v.optional(listeningPort),
  INBOUND_SMTP_PORT: v.optional(listeningPort),
  INBOUND_MAIL_DOMAIN: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(?=.{1,200}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i,
        'must be a mail domain such as reply.example.com',
      ),
      v.toLowerCase(),
    ),
  ),
  FILE_STORAGE: v.optional(
    v.picklist(fileStorages, `must be one of ${fileStorages.join(', ')}`),
    'postgres',
  ),
  S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
  S3_REGION: v.optional(v.pipe(v.string(), v.minLength(1)), 'us-east-1'),
  S3_BUCKET: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 of a-z 0-9 . -)'),
    ),
  ),
  S3_ACCESS_KEY_ID: v.optional(v.pipe(v.string(), v.minLength(1))),
  S3_SECRET_ACCESS_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  S3_FORCE_PATH_STYLE: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'must be true or false'),
      v.transform((value) => value === 'true'),
    ),
    'false',
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
  OTEL_SERVICE_NAME: v.optional(v.pipe(v.string(), v.minLength(1)), 'agency-site'),
  OTEL_TRACES_SAMPLER_ARG: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(0(\.\d+)?|1(\.0+)?)$/,
        'must be a share of requests from 0 to 1 (0.1: one in ten)',
      ),
      v.transform(Number),
    ),
    '1',
  ),
})

/** Every environment variable the server reads (the deployment files set only these). */
export const settingNames: readonly string[] = Object.keys(EnvSchema.entries)

export type ServerConfig = {
  readonly host: string
  readonly port: number
  readonly dataDir: string
  readonly databaseUrl: string | undefined
  /**
   * DATABASE_LISTEN_URL: the same database reached with a whole session, for the migrations'
   * lock and the live events' LISTEN, when DATABASE_URL is a pooler in transaction mode.
   */
  readonly databaseListenUrl: string | undefined
  readonly smtpUrl: string | undefined
  readonly publicUrl: string
  readonly clientDir: string
  /** HMAC key of the XSRF tokens; when absent, one is generated and kept in the database. */
  readonly xsrfSecret: string | undefined
  /**
   * AES-256-GCM key sealing authenticator-app secrets. Required with DATABASE_URL; on the
   * embedded database it may be left out (one is generated into DATA_DIR; services.ts).
   */
  readonly totpEncryptionKey: Buffer | undefined
  /** Behind reverse proxies / a CDN: which peers may set X-Forwarded-For and -Proto. */
  readonly trustProxy: ProxyTrust
  readonly mailFrom: string | undefined
  /** The agency's inbox: every contact enquiry is mailed there. */
  readonly agencyEmail: string
  /** The agency's time zone: the inbox's exports give times on its clock. */
  readonly agencyTimeZone: string
  /** The language of the mails to the agency (whatever the client's). */
  readonly agencyLocale: Locale
  /**
   * The agency's WhatsApp number (digits; AGENCY_WHATSAPP): the public pages' "Write to us on
   * WhatsApp" links, none without it.
   */
  readonly agencyWhatsapp: string | undefined
  readonly logLevel: (typeof logLevels)[number]
  /** How long a conversation's digest mail collects messages before it is sent. */
  readonly digestDelaySeconds: number
  /** How long a request waits on the database before it is answered 503 (db/database.ts). */
  readonly databaseWaitMs: number
  /** SHUTDOWN_DELAY_MS: how long a stopping instance serves on, not ready, before it stops. */
  readonly shutdownDelayMs: number
  /** MIGRATE_ON_START: whether the start applies the pending migrations (else `npm run db:migrate`). */
  readonly migrateOnStart: boolean
  /** METRICS_PORT: where /metrics listens (on HOST); undefined: no metrics endpoint. */
  readonly metricsPort: number | undefined
  /**
   * Replies by email (docs/decisions/062): INBOUND_SMTP_PORT, where the SMTP listener takes them
   * (on HOST), and INBOUND_MAIL_DOMAIN, the domain of the reply addresses (its MX points at the
   * listener). Both or neither; undefined: mails about a request carry no reply address.
   */
  readonly inbound: { readonly port: number; readonly domain: string } | undefined
  /** FILE_STORAGE: where new uploads' bytes go; each file's row says where its bytes are. */
  readonly fileStorage: FileStorage
  /** S3_*: the bucket (required with FILE_STORAGE=s3, and by `npm run files:move`). */
  readonly bucket: BucketSettings | undefined
  /**
   * OTEL_EXPORTER_OTLP_ENDPOINT: where traces go, OTEL_SERVICE_NAME, and OTEL_TRACES_SAMPLER_ARG:
   * the share of requests traced (a caller's sampled trace is always followed); undefined: no
   * tracing (nothing of it loaded).
   */
  readonly tracing:
    | { readonly endpoint: string; readonly serviceName: string; readonly sampleRatio: number }
    | undefined
  /** PAYMENT_BANK, PAYMENT_BENEFICIARY, PAYMENT_CLABE: where clients send SPEI transfers. */
  readonly speiAccount: SpeiAccount | undefined
  /**
   * STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: card and OXXO payments
   * (all three or none: undefined hides them); STRIPE_API_BASE only points the library at a
   * local stand-in (tests, development).
   */
  readonly stripe: StripeSettings | undefined
}

export class ConfigError extends Error {}

export function readConfig(
  env: Record<string, string | undefined>,
  defaults: { clientDir: string },
): ServerConfig {
  const picked = Object.fromEntries(
    settingNames
      .map((key) => [key, env[key] === '' ? undefined : env[key]] as const)
      .filter(([, value]) => value !== undefined),
  )
  const result = v.safeParse(EnvSchema, picked)
  if (!result.success) {
    const problems = result.issues.map(
      (issue) => `  - ${v.getDotPath(issue) ?? 'environment'}: ${issue.message}`,
    )
    throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`)
  }
  const e = result.output
  // On a loopback address the default names `localhost`: a passkey's relying party must be a
  // domain (browsers refuse an IP address), and `localhost` is one a browser treats as secure.
  const loopback = e.HOST === '127.0.0.1' || e.HOST === '::1'
  const host = loopback ? 'localhost' : e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST
  const publicUrl = (e.PUBLIC_URL ?? `http://${host}:${e.PORT}`).replace(/\/+$/, '')
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseListenUrl: listenUrlOf(e.DATABASE_URL, e.DATABASE_LISTEN_URL),
    smtpUrl: e.SMTP_URL,
    publicUrl,
    clientDir: e.CLIENT_DIR ?? defaults.clientDir,
    xsrfSecret: e.XSRF_SECRET,
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY ? parseFactorKey(e.TOTP_ENCRYPTION_KEY) : undefined,
    trustProxy: trustFrom(e.TRUST_PROXY),
    mailFrom: e.MAIL_FROM,
    agencyEmail: e.AGENCY_EMAIL,
    agencyTimeZone: e.AGENCY_TIME_ZONE,
    agencyLocale: e.AGENCY_LANGUAGE,
    agencyWhatsapp: e.AGENCY_WHATSAPP === undefined ? undefined : whatsappDigits(e.AGENCY_WHATSAPP),
    logLevel: e.LOG_LEVEL,
    digestDelaySeconds: e.MESSAGE_DIGEST_SECONDS,
    databaseWaitMs: e.DATABASE_WAIT_MS,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    migrateOnStart: e.MIGRATE_ON_START,
    metricsPort: e.METRICS_PORT,
    inbound: inboundFrom(e.INBOUND_SMTP_PORT, e.INBOUND_MAIL_DOMAIN),
    fileStorage: e.FILE_STORAGE,
    bucket: bucketOf(e),
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
          serviceName: e.OTEL_SERVICE_NAME,
          sampleRatio: e.OTEL_TRACES_SAMPLER_ARG,
        }
      : undefined,
    speiAccount: speiAccountOf(e.PAYMENT_BANK, e.PAYMENT_BENEFICIARY, e.PAYMENT_CLABE),
    stripe: stripeOf(e),
  }
}

function listenUrlOf(url: string | undefined, listenUrl: string | undefined): string | undefined {
  if (listenUrl && !url)
    throw new ConfigError(
      'Invalid environment:\n  - DATABASE_LISTEN_URL: goes with DATABASE_URL (the embedded database needs neither)',
    )
  return listenUrl
}

function bucketOf(e: v.InferOutput<typeof EnvSchema>): BucketSettings | undefined {
  const problems: string[] = []
  if (e.FILE_STORAGE === 's3' && !e.S3_BUCKET)
    problems.push('  - S3_BUCKET: required with FILE_STORAGE=s3')
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined))
    problems.push('  - S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together')
  if (problems.length > 0) throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`)
  if (!e.S3_BUCKET) return undefined
  return {
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  }
}

function inboundFrom(
  port: number | undefined,
  domain: string | undefined,
): ServerConfig['inbound'] {
  if (port === undefined && domain === undefined) return undefined
  if (port !== undefined && domain !== undefined) return { port, domain }
  const missing = port === undefined ? 'INBOUND_SMTP_PORT' : 'INBOUND_MAIL_DOMAIN'
  const given = port === undefined ? 'INBOUND_MAIL_DOMAIN' : 'INBOUND_SMTP_PORT'
  throw new ConfigError(
    `Invalid environment:\n  - ${missing}: required with ${given} (replies by email need both: the listener's port and the domain of the reply addresses)`,
  )
}

/**
 * The agency's SPEI account: all three settings or none (a CLABE without the bank and the
 * beneficiary's name would have clients transfer to an account they cannot check).
 */
function speiAccountOf(
  bank: string | undefined,
  beneficiary: string | undefined,
  clabe: string | undefined,
): SpeiAccount | undefined {
  if (!bank && !beneficiary && !clabe) return undefined
  if (!bank || !beneficiary || !clabe)
    throw new ConfigError(
      'Invalid environment:\n  - PAYMENT_BANK, PAYMENT_BENEFICIARY, PAYMENT_CLABE: set all three (the SPEI account clients pay into) or none',
    )
  return { bank, beneficiary, clabe }
}

/**
 * Stripe: the three keys or none (a secret key without the webhook's secret could open payments
 * whose outcome the server could never trust); test and live keys are not mixed.
 */
function stripeOf(e: v.InferOutput<typeof EnvSchema>): StripeSettings | undefined {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey } = e
  const webhookSecret = e.STRIPE_WEBHOOK_SECRET
  if (!secretKey && !publishableKey && !webhookSecret) {
    if (e.STRIPE_API_BASE)
      throw new ConfigError(
        'Invalid environment:\n  - STRIPE_API_BASE: goes with the STRIPE_* keys',
      )
    return undefined
  }
  if (!secretKey || !publishableKey || !webhookSecret)
    throw new ConfigError(
      'Invalid environment:\n  - STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: set all three (card and OXXO payments) or none',
    )
  if (secretKey.includes('_live_') !== publishableKey.includes('_live_'))
    throw new ConfigError(
      'Invalid environment:\n  - STRIPE_PUBLISHABLE_KEY: a test key goes with a test secret key, a live one with a live one',
    )
  return {
    secretKey,
    publishableKey,
    webhookSecret,
    ...(e.STRIPE_API_BASE ? { apiBase: e.STRIPE_API_BASE.replace(/\/$/, '') } : {}),
  }
}

function trustFrom(value: string): ProxyTrust {
  const parsed = parseTrustProxy(value)
  // The schema has already refused what does not parse.
  if (!parsed.ok) throw new ConfigError(`Invalid environment:\n  - TRUST_PROXY: ${parsed.problem}`)
  return parsed.trust
}

/**
 * The key that seals authenticator-app secrets: TOTP_ENCRYPTION_KEY, or — on the embedded
 * database only — one generated once into DATA_DIR. With DATABASE_URL the instances sharing the
 * database must share the key, and a key kept in that same database would protect nothing: the
 * start stops with a configuration error instead.
 */
export function factorKeyOf(config: ServerConfig): Buffer {
  if (config.totpEncryptionKey) return config.totpEncryptionKey
  if (config.databaseUrl)
    throw new ConfigError(
      'Invalid environment:\n  - TOTP_ENCRYPTION_KEY: required with DATABASE_URL (every instance needs the same key; generate one with `openssl rand -hex 32`)',
    )
  return readOrCreateFactorKey(config.dataDir)
}
