import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { SpeiAccount } from '../../domain/api/payments-endpoints'
import type { Locale } from '../../domain/locales'
import { createApp } from '../app'
import type { ApiDeps, MailNotifier } from '../http/api-env'
import { defaultRateRules, type RateRules } from '../http/rate-rules'
import { defaultHttpLimits, type HttpLimits, listen, streamCapOf } from '../http-server'
import type { StreamLimits } from '../live/stream-admission'
import { createThreadHub, logStreamEnded, type ThreadHub } from '../live/thread-hub'
import type { Logger } from '../log/logger'
import type { RequestTracing } from '../log/request-tracing'
import type { CardPayments } from '../payments/stripe-client'
import type { ProxyTrust } from '../security/client-ip'
import { createHashSlots, type HashSlots } from '../security/hash-slots'
import { createRateLimiter } from '../security/rate-limit'
import { loadSecrets } from '../security/secrets'
import type { RelyingParty } from '../security/webauthn'
import type { Bucket } from '../storage/bucket-bytes'
import type { FileStorage } from '../storage/byte-store'
import { createFileBytes } from '../storage/file-bytes'
import { type Backend, createTestDatabase, startedLater, type TestDatabase } from './test-database'
import { testLogger } from './test-log'

/**
 * The real app (createApp with the auth routes) on a loopback port, against a test database,
 * plus a tiny cookie-keeping client: what a browser does, minus the browser.
 */
export type ApiServer = {
  readonly url: string
  /** The site's client directory (empty; its pages go to `../pages`: a test writes those it needs). */
  readonly clientDir: string
  readonly deps: ApiDeps
  /** This server's live events (its own listening connection, like an instance's). */
  readonly live: ThreadHub
  close(): Promise<void>
}

export type ApiOptions = {
  readonly rateRules?: Partial<RateRules>
  readonly mail?: MailNotifier
  /** Default: one proxy hop (the client sends X-Forwarded-For like a proxy would). */
  readonly trustProxy?: ProxyTrust
  readonly today?: () => Date
  /** The clock of sessions and verification links (default: the system's). */
  readonly now?: () => Date
  readonly hashSlots?: HashSlots
  readonly limits?: HttpLimits
  /** Default: the run's log file (server/test/test-log.ts). */
  readonly logger?: Logger
  /** AGENCY_EMAIL (default: the app's). */
  readonly agencyEmail?: string
  /** AGENCY_TIME_ZONE (default: the app's). */
  readonly agencyTimeZone?: string
  /** AGENCY_LANGUAGE (default: the app's, Spanish). */
  readonly agencyLocale?: Locale
  /** PAYMENT_*: the agency's SPEI account (default: none). */
  readonly speiAccount?: SpeiAccount
  /** STRIPE_*: card and OXXO payments (default: none), e.g. against the local stand-in. */
  readonly cardPayments?: CardPayments
  /** Default: SELECT 1 on the test database. */
  readonly checkHealth?: () => Promise<void>
  /** Default: a relying party `localhost` with the origin `http://localhost`. */
  readonly relyingParty?: RelyingParty
  /** How long a conversation's digest collects messages (default: the app's 5 minutes). */
  readonly digestDelaySeconds?: number
  /** The live events' heartbeat (default: the hub's 15 s). */
  readonly heartbeatMs?: number
  /** The event streams' caps, lifetime and session check (default: the hub's). */
  readonly streamLimits?: Partial<StreamLimits>
  /** The request tracing of `startTracing` (default: none). */
  readonly tracing?: RequestTracing
  /** Where uploads' bytes go (default: PostgreSQL, or the run's bucket with TEST_FILE_STORAGE). */
  readonly files?: { readonly uploadTo: FileStorage; readonly bucket?: Bucket }
}

/** The key the harness seals authenticator secrets with (a test's own, never a real one). */
export const testFactorKey = Buffer.alloc(32, 7)

export async function startApi(
  database: TestDatabase,
  options: ApiOptions = {},
): Promise<ApiServer> {
  // A build's layout: the client's files, and the prerendered pages beside them (`../pages`).
  const buildDir = mkdtempSync(join(tmpdir(), 'agency-api-build-'))
  const clientDir = join(buildDir, 'client')
  mkdirSync(clientDir)
  const deps: ApiDeps = {
    pool: database.pool,
    db: database.db,
    xsrfKey: (await loadSecrets({ pool: database.pool })).xsrfKey,
    rateLimiter: createRateLimiter(database.pool),
    rateRules: { ...defaultRateRules, ...options.rateRules },
    mail: options.mail ?? { queued: () => {} },
    trustProxy: options.trustProxy ?? { mode: 'hops', hops: 1 },
    hashSlots: options.hashSlots ?? createHashSlots(),
    factorKey: testFactorKey,
    files: createFileBytes({
      pool: database.pool,
      uploadTo: options.files?.uploadTo ?? 'postgres',
      bucket: options.files?.bucket,
    }),
    relyingParty: options.relyingParty ?? {
      id: 'localhost',
      origin: 'http://localhost',
      name: 'Puente Digital',
    },
    ...(options.today ? { today: options.today } : {}),
    ...(options.now ? { now: options.now } : {}),
  }
  const logger = options.logger ?? testLogger()
  const live = createThreadHub({
    pool: database.pool,
    ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
    limits: {
      perInstance: streamCapOf(options.limits ?? defaultHttpLimits),
      ...options.streamLimits,
    },
    ...(options.now ? { now: options.now } : {}),
    onEnded: logStreamEnded(logger),
  })
  const app = createApp({
    clientDir,
    auth: deps,
    live,
    ...(options.digestDelaySeconds === undefined
      ? {}
      : { digestDelaySeconds: options.digestDelaySeconds }),
    ...(options.agencyEmail ? { agencyEmail: options.agencyEmail } : {}),
    ...(options.agencyTimeZone ? { agencyTimeZone: options.agencyTimeZone } : {}),
    ...(options.agencyLocale ? { agencyLocale: options.agencyLocale } : {}),
    ...(options.speiAccount ? { speiAccount: options.speiAccount } : {}),
    ...(options.cardPayments ? { cardPayments: options.cardPayments } : {}),
    trustProxy: deps.trustProxy,
    logger,
    ...(options.tracing ? { tracing: options.tracing } : {}),
    checkHealth: options.checkHealth ?? (async () => void (await database.pool.query('SELECT 1'))),
  })
  const server = listen(app, {
    hostname: '127.0.0.1',
    port: 0,
    ...(options.limits ? { limits: options.limits } : {}),
  })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    clientDir,
    deps,
    live,
    close: async () => {
      await live.close()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        if ('closeIdleConnections' in server) server.closeIdleConnections()
      })
      rmSync(buildDir, { recursive: true, force: true })
    },
  }
}

let addressCounter = 0
/** A fresh client address per client (sent as X-Forwarded-For; the harness trusts the proxy). */
export function nextClientAddress(): string {
  addressCounter += 1
  return `10.${process.pid % 250}.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`
}

export type Answer = {
  readonly status: number
  readonly headers: Headers
  readonly body: Record<string, unknown>
}

/** Keeps cookies like a browser and sends the XSRF header like the site's HTTP client. */
export class ApiClient {
  readonly cookies = new Map<string, string>()

  constructor(
    private readonly baseUrl: string,
    readonly address: string = nextClientAddress(),
    private readonly language?: string,
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  private remember(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const index = pair.indexOf('=')
      this.cookies.set(pair.slice(0, index), pair.slice(index + 1))
    }
  }

  async fetchXsrfToken(): Promise<string> {
    const response = await fetch(`${this.baseUrl}/api/v1/auth/xsrf-token`, {
      headers: this.baseHeaders(),
    })
    this.remember(response.headers)
    const token = this.cookies.get('XSRF-TOKEN')
    if (!token) throw new Error('No XSRF-TOKEN cookie')
    return token
  }

  baseHeaders(): Record<string, string> {
    return {
      'x-forwarded-for': this.address,
      ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
      ...(this.language ? { 'accept-language': this.language } : {}),
    }
  }

  /** POSTs `body` (JSON unless a string is given with its own content type). */
  post(path: string, body: unknown, options: SendOptions = {}): Promise<Answer> {
    return this.send('POST', path, body, options)
  }

  /** A GET with the browser's cookies (no XSRF header: reads need none). */
  get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send('GET', path, undefined, { xsrf: false, headers })
  }

  /**
   * Any method; a body is sent as JSON (or as given, when a string) with the XSRF header unless
   * `xsrf: false`.
   */
  async send(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body: unknown,
    { xsrf = true, contentType = 'application/json', headers = {} }: SendOptions = {},
  ): Promise<Answer> {
    if (xsrf && !this.cookies.has('XSRF-TOKEN')) await this.fetchXsrfToken()
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...this.baseHeaders(),
        ...(body === undefined ? {} : { 'content-type': contentType }),
        ...(xsrf ? { 'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '' } : {}),
        ...headers,
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    })
    this.remember(response.headers)
    return answerOf(response)
  }
}

/** A response as the tests read it: its body parsed as JSON, or `{ text }` when it is not. */
export async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text()
  let parsed: Record<string, unknown> = {}
  try {
    parsed = JSON.parse(text) as Record<string, unknown>
  } catch {
    parsed = { text }
  }
  return { status: response.status, headers: response.headers, body: parsed }
}

type SendOptions = { xsrf?: boolean; contentType?: string; headers?: Record<string, string> }

/**
 * A test database and the API on it (no mail path: see account-kit.ts for that) for a
 * `describe` block: started before its tests, closed after them.
 */
export function useApi(
  backend: Backend,
  options: ApiOptions = {},
): { readonly database: TestDatabase; readonly api: ApiServer } {
  let database: TestDatabase | undefined
  let api: ApiServer | undefined
  beforeAll(async () => {
    database = await createTestDatabase(backend)
    api = await startApi(database, options)
  })
  afterAll(async () => {
    await api?.close()
    await database?.drop()
  })
  return {
    database: startedLater(() => database, 'test database'),
    api: startedLater(() => api, 'API'),
  }
}
