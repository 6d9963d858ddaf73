import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/**
 * A local stand-in for Stripe's API (tests and local development only; STRIPE_API_BASE points
 * the official library at it): it answers the calls the server makes in Stripe's documented
 * shape — objects with `object`, prefixed ids, `livemode: false`, lists, errors as
 * `{ error: { type, code, message } }` with Stripe's statuses, idempotency keys — and plays the
 * hosted Checkout page (a card Pay button and an OXXO choice). What happens on that page sends
 * the webhooks Stripe would, signed with the library's own `generateTestHeaderString`.
 */

type Json = { [key: string]: unknown }

export type StandInEvent = { readonly id: string; readonly type: string; readonly body: string }

export type StripeStandIn = {
  /** The STRIPE_API_BASE to give the library. */
  readonly url: string
  readonly secretKey: string
  readonly webhookSecret: string
  /** Where the events go (our webhook); set once the app listens. */
  webhookUrl: string
  /** Every event the stand-in made, in order (its signed body can be sent again). */
  readonly events: StandInEvent[]
  /** The calls it answered (`POST /v1/checkout/sessions`, …), for the tests' counts. */
  readonly calls: string[]
  /** Events it sent by itself (the page's actions, refunds) that the webhook did not answer 2xx. */
  readonly refusedDeliveries: { readonly type: string; readonly status: number }[]
  session(id: string): Json | undefined
  /** The hosted page's actions, without a browser; the events they make are delivered unless `deliver: false`. */
  payByCard(sessionId: string, options?: { readonly deliver?: boolean }): Promise<StandInEvent[]>
  chooseOxxo(sessionId: string, options?: { readonly deliver?: boolean }): Promise<StandInEvent[]>
  /** The client paid the voucher at the shop (async_payment_succeeded). */
  oxxoPaid(sessionId: string, options?: { readonly deliver?: boolean }): Promise<StandInEvent[]>
  /** The voucher expired unpaid (async_payment_failed). */
  oxxoExpired(sessionId: string, options?: { readonly deliver?: boolean }): Promise<StandInEvent[]>
  /** Sends an event's body with a fresh valid signature (or the given header); the webhook's status. */
  deliver(event: StandInEvent, signature?: string): Promise<number>
  /** A valid `Stripe-Signature` header for `payload` (at `timestamp`, seconds). */
  sign(payload: string, timestamp?: number): string
  close(): Promise<void>
}

const secretKey = 'sk_test_standin'
const webhookSecret = 'whsec_standin'
const apiVersion = Stripe.API_VERSION
const stripe = new Stripe(secretKey)

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`
const nowSeconds = () => Math.floor(Date.now() / 1000)

/** `a[b][0][c]=v` form fields (how the library encodes a call) into nested objects and arrays. */
function parseForm(body: string): Json {
  const root: Json = {}
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const [head = '', ...rest] = rawKey.split('[').map((part) => part.replace(/]$/, ''))
    let node: Json = root
    let key = head
    for (const part of rest) {
      const next = (node[key] ?? (/^\d+$/.test(part) ? [] : {})) as Json
      node[key] = next
      node = next
      key = part
    }
    node[key] = value
  }
  return root
}

const asJson = (value: unknown): Json =>
  typeof value === 'object' && value !== null ? (value as Json) : {}
const listOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : Object.values(asJson(value))

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message)
  }
}

const missing = (kind: string, id: string, param = 'id') =>
  new StripeFailure(
    404,
    'invalid_request_error',
    'resource_missing',
    `No such ${kind}: '${id}'`,
    param,
  )

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, Json>()
  const intents = new Map<string, Json>()
  const charges = new Map<string, Json>()
  const refunds = new Map<string, Json>()
  const idempotent = new Map<string, { status: number; body: string }>()
  const events: StandInEvent[] = []
  const calls: string[] = []
  const refusedDeliveries: { type: string; status: number }[] = []
  let base = ''

  const sign = (payload: string, timestamp = nowSeconds()) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp })

  async function deliver(event: StandInEvent, signature = sign(event.body)): Promise<number> {
    const response = await fetch(standIn.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: event.body,
    })
    await response.arrayBuffer()
    return response.status
  }

  /** Sent as Stripe would: a webhook that does not answer 2xx is noted (Stripe would retry it). */
  async function delivered(item: StandInEvent): Promise<void> {
    const status = await deliver(item)
    if (status < 200 || status > 299) refusedDeliveries.push({ type: item.type, status })
  }

  function event(type: string, object: Json): StandInEvent {
    const id = newId('evt')
    const body = JSON.stringify(
      {
        id,
        object: 'event',
        api_version: apiVersion,
        created: nowSeconds(),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      },
      null,
      2,
    )
    const made = { id, type, body }
    events.push(made)
    return made
  }

  async function sent(made: StandInEvent[], deliverNow = true): Promise<StandInEvent[]> {
    if (deliverNow) for (const item of made) await delivered(item)
    return made
  }

  function createSession(params: Json): Json {
    if (params.mode !== 'payment')
      throw new StripeFailure(
        400,
        'invalid_request_error',
        'parameter_invalid_empty',
        'mode must be payment',
        'mode',
      )
    const item = asJson(listOf(params.line_items)[0])
    const price = asJson(item.price_data)
    const amount = Number(price.unit_amount) * Number(item.quantity ?? 1)
    if (!Number.isSafeInteger(amount) || amount < 1000)
      throw new StripeFailure(
        400,
        'invalid_request_error',
        'amount_too_small',
        'The Checkout Session total must be at least MX$10.00.',
        'line_items[0][price_data][unit_amount]',
      )
    if (price.currency !== 'mxn' || params.currency !== 'mxn')
      throw new StripeFailure(
        400,
        'invalid_request_error',
        'parameter_invalid',
        'Only mxn here',
        'currency',
      )
    const id = newId('cs')
    const created = nowSeconds()
    const session: Json = {
      id,
      object: 'checkout.session',
      livemode: false,
      mode: 'payment',
      currency: 'mxn',
      amount_subtotal: amount,
      amount_total: amount,
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      payment_method_types: listOf(params.allowed_payment_method_types),
      allowed_payment_method_types: listOf(params.allowed_payment_method_types),
      client_reference_id: params.client_reference_id ?? null,
      metadata: asJson(params.metadata),
      locale: params.locale ?? null,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      url: `${base}/pay/${id}`,
      created,
      expires_at: created + 24 * 3600,
      product_name: asJson(price.product_data).name,
      intent_metadata: asJson(asJson(params.payment_intent_data).metadata),
    }
    sessions.set(id, session)
    return session
  }

  /** What the API shows of a session (without the stand-in's own fields). */
  function shown(session: Json): Json {
    const { product_name: _name, intent_metadata: _metadata, ...rest } = session
    return { ...rest, url: session.status === 'open' ? session.url : null }
  }

  function intentFor(session: Json, type: 'card' | 'oxxo'): Json {
    const id = newId('pi')
    const method = { id: newId('pm'), object: 'payment_method', type, livemode: false }
    const intent: Json = {
      id,
      object: 'payment_intent',
      livemode: false,
      amount: session.amount_total,
      amount_received: 0,
      currency: 'mxn',
      status: 'processing',
      payment_method: method,
      payment_method_types: [type],
      next_action: null,
      latest_charge: null,
      metadata: session.intent_metadata,
      created: nowSeconds(),
    }
    intents.set(id, intent)
    session.payment_intent = id
    return intent
  }

  function succeed(intent: Json): Json {
    const charge: Json = {
      id: newId('ch'),
      object: 'charge',
      livemode: false,
      amount: intent.amount,
      amount_refunded: 0,
      currency: 'mxn',
      paid: true,
      refunded: false,
      status: 'succeeded',
      payment_intent: intent.id,
      payment_method_details: { type: asJson(intent.payment_method).type },
      created: nowSeconds(),
    }
    charges.set(String(charge.id), charge)
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      next_action: null,
      latest_charge: charge.id,
    })
    return charge
  }

  const sessionOf = (id: string) => {
    const session = sessions.get(id)
    if (!session) throw missing('checkout.session', id)
    return session
  }
  const intentOfSession = (session: Json) => {
    const intent = intents.get(String(session.payment_intent))
    if (!intent) throw new Error(`Session ${String(session.id)} has no payment intent`)
    return intent
  }

  const standIn: StripeStandIn = {
    url: '',
    secretKey,
    webhookSecret,
    webhookUrl: '',
    events,
    calls,
    refusedDeliveries,
    session: (id) => sessions.get(id),
    async payByCard(sessionId, { deliver: now = true } = {}) {
      const session = sessionOf(sessionId)
      const intent = intentFor(session, 'card')
      succeed(intent)
      Object.assign(session, { status: 'complete', payment_status: 'paid' })
      return sent(
        [
          event('checkout.session.completed', shown(session)),
          event('payment_intent.succeeded', intent),
        ],
        now,
      )
    },
    async chooseOxxo(sessionId, { deliver: now = true } = {}) {
      const session = sessionOf(sessionId)
      const intent = intentFor(session, 'oxxo')
      const expires = nowSeconds() + 3 * 24 * 3600
      Object.assign(intent, {
        status: 'requires_action',
        next_action: {
          type: 'oxxo_display_details',
          oxxo_display_details: {
            number: String(10_000_000_000_000 + Math.floor(Math.random() * 1e12)),
            expires_after: expires,
            hosted_voucher_url: `${base}/vouchers/${String(intent.id)}`,
          },
        },
      })
      Object.assign(session, { status: 'complete', payment_status: 'unpaid' })
      return sent([event('checkout.session.completed', shown(session))], now)
    },
    async oxxoPaid(sessionId, { deliver: now = true } = {}) {
      const session = sessionOf(sessionId)
      const intent = intentOfSession(session)
      succeed(intent)
      session.payment_status = 'paid'
      return sent(
        [
          event('checkout.session.async_payment_succeeded', shown(session)),
          event('payment_intent.succeeded', intent),
        ],
        now,
      )
    },
    async oxxoExpired(sessionId, { deliver: now = true } = {}) {
      const session = sessionOf(sessionId)
      const intent = intentOfSession(session)
      Object.assign(intent, { status: 'requires_payment_method', next_action: null })
      return sent(
        [
          event('checkout.session.async_payment_failed', shown(session)),
          event('payment_intent.payment_failed', intent),
        ],
        now,
      )
    },
    deliver,
    sign,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }

  /** The API's routes; each answers an object (or throws a StripeFailure). */
  function api(method: string, path: string, query: URLSearchParams, params: Json): Json {
    const parts = path.split('/').filter(Boolean)
    const expand = [...query.entries()]
      .filter(([key]) => key.startsWith('expand'))
      .map(([, v]) => v)
    if (method === 'POST' && path === '/v1/checkout/sessions') return shown(createSession(params))
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const intent = query.get('payment_intent')
      const data = [...sessions.values()]
        .filter((session) => intent === null || session.payment_intent === intent)
        .map(shown)
      return { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' }
    }
    if (method === 'GET' && parts[1] === 'checkout' && parts[2] === 'sessions' && parts[3])
      return shown(sessionOf(parts[3]))
    if (method === 'GET' && parts[1] === 'payment_intents' && parts[2]) {
      const intent = intents.get(parts[2])
      if (!intent) throw missing('payment_intent', parts[2])
      const method = asJson(intent.payment_method)
      return { ...intent, payment_method: expand.includes('payment_method') ? method : method.id }
    }
    if (method === 'GET' && parts[1] === 'charges' && parts[2]) {
      const charge = charges.get(parts[2])
      if (!charge) throw missing('charge', parts[2])
      return charge
    }
    if (method === 'POST' && path === '/v1/refunds') return refund(params)
    throw new StripeFailure(
      404,
      'invalid_request_error',
      'resource_missing',
      `Unrecognized request URL (${method}: ${path}).`,
    )
  }

  function refund(params: Json): Json {
    const intent = intents.get(String(params.payment_intent))
    if (!intent) throw missing('payment_intent', String(params.payment_intent), 'payment_intent')
    const charge = charges.get(String(intent.latest_charge))
    if (!charge || asJson(intent.payment_method).type !== 'card')
      throw new StripeFailure(
        400,
        'invalid_request_error',
        'charge_not_refundable',
        'This payment cannot be refunded.',
        'payment_intent',
      )
    const amount = params.amount === undefined ? Number(charge.amount) : Number(params.amount)
    if (charge.refunded || amount > Number(charge.amount) - Number(charge.amount_refunded))
      throw new StripeFailure(
        400,
        'invalid_request_error',
        'charge_already_refunded',
        `Charge ${String(charge.id)} has already been refunded.`,
        'charge',
      )
    const made: Json = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: intent.id,
      currency: 'mxn',
      reason: params.reason ?? null,
      metadata: asJson(params.metadata),
      status: 'succeeded',
      created: nowSeconds(),
    }
    refunds.set(String(made.id), made)
    charge.amount_refunded = Number(charge.amount_refunded) + amount
    charge.refunded = charge.amount_refunded === charge.amount
    // Stripe tells the webhook a moment after it answers.
    const refunded = event('charge.refunded', charge)
    setImmediate(() => void delivered(refunded).catch(() => undefined))
    return made
  }

  /** The hosted Checkout page: a card Pay button and an OXXO choice; both return to success_url. */
  function page(session: Json): string {
    const amount = (Number(session.amount_total) / 100).toFixed(2)
    const name = String(session.product_name ?? '')
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay ${name}</title></head>
<body><main><h1>Pay MX$${amount} (${name})</h1>
<form method="post" action="/pay/${String(session.id)}/card"><label>Card number <input name="card" value="4242 4242 4242 4242"></label><button type="submit">Pay</button></form>
<form method="post" action="/pay/${String(session.id)}/oxxo"><button type="submit">Pay with OXXO</button></form>
<a href="${String(session.cancel_url)}">Back</a></main></body></html>`
  }

  async function hosted(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const [, , id = '', action] = path.split('/')
    const session = sessions.get(id)
    if (session?.status !== 'open') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('This page has expired.')
      return
    }
    if (req.method === 'GET' && !action) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(session))
      return
    }
    if (req.method === 'POST' && action === 'card') await standIn.payByCard(id)
    else if (req.method === 'POST' && action === 'oxxo') await standIn.chooseOxxo(id)
    else {
      res.writeHead(404).end()
      return
    }
    res.writeHead(303, { location: String(session.success_url) }).end()
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      void (async () => {
        const address = new URL(req.url ?? '/', base)
        if (address.pathname.startsWith('/pay/')) return hosted(req, res, address.pathname)
        const method = req.method ?? 'GET'
        const send = (status: number, body: string) =>
          res
            .writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') })
            .end(body)
        if (req.headers.authorization !== `Bearer ${secretKey}`)
          return send(
            401,
            JSON.stringify({
              error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
            }),
          )
        const key = req.headers['idempotency-key']
        const remembered = typeof key === 'string' ? idempotent.get(key) : undefined
        if (method === 'POST' && remembered) return send(remembered.status, remembered.body)
        calls.push(`${method} ${address.pathname}`)
        let status = 200
        let body: string
        try {
          const params = parseForm(Buffer.concat(chunks).toString('utf8'))
          body = JSON.stringify(api(method, address.pathname, address.searchParams, params))
        } catch (error) {
          if (!(error instanceof StripeFailure)) throw error
          status = error.status
          body = JSON.stringify({
            error: {
              type: error.type,
              code: error.code,
              message: error.message,
              ...(error.param ? { param: error.param } : {}),
            },
          })
        }
        if (method === 'POST' && typeof key === 'string') idempotent.set(key, { status, body })
        send(status, body)
      })().catch((error: unknown) => {
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }))
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  Object.assign(standIn, { url: base })
  return standIn
}
