// The signed-in pages `npm run bench` measures with Lighthouse, and the sessions they need, on a
// running benchmark server: a client (registered through the API, confirmed in the database as
// the other server benchmarks do) with a request whose conversation holds a few messages, and an
// admin who turned an authenticator app on (the admin pages want a second factor) with a few
// hundred enquiries and requests to list. The bench puts each session's cookies in the browser
// before Lighthouse loads its pages (scripts/bench-compare.mjs).
import type pg from 'pg'
import { totpCode } from '../server/test/totp-code'
import validRegistration from '../tests/fixtures/valid-registration.json' with { type: 'json' }
import { Browser, embeddedPool } from './bench-server'

export type SignedInPage = {
  readonly label: string
  readonly path: string
  readonly headers: Record<string, string>
}

/** Rows in each admin list: more than a page of 25. */
const listRows = 300
const adminEmail = 'agency-bench@example.com'

async function signIn(baseURL: string, pool: pg.Pool, email: string, role: 'client' | 'admin') {
  const browser = new Browser(baseURL)
  await browser.start()
  const registered = await browser.json('POST', '/api/v1/auth/register', {
    ...validRegistration,
    email,
  })
  if (registered.status !== 201) throw new Error(`Registration of ${email}: ${registered.status}`)
  await pool.query(
    `UPDATE users SET email_verified_at = now(), role = $2 WHERE lower(email) = lower($1)`,
    [email, role],
  )
  const login = await browser.json('POST', '/api/v1/auth/login', {
    email,
    password: validRegistration.password,
  })
  if (login.status !== 200) throw new Error(`Sign-in of ${email}: ${login.status}`)
  return browser
}

/** A request of the client's with `count` messages, the agency's and the client's in turn. */
async function requestWithMessages(browser: Browser, pool: pg.Pool, count: number) {
  const created = await browser.json('POST', '/api/v1/me/service-requests', {
    serviceId: 'web-design',
    need: 'A new website for our bakery, with an order form and a page per branch.',
    desiredStart: 'flexible',
    budget: 'not-sure',
  })
  if (created.status !== 201) throw new Error(`The request: ${created.status}`)
  const id = (created.body.request as { id: string }).id
  await pool.query(
    `INSERT INTO thread_messages (request_id, author_id, side, body, created_at)
     SELECT r.id, r.user_id, CASE WHEN n % 2 = 0 THEN 'client' ELSE 'agency' END,
       'A message of a typical length about the project, with a question or an answer ' || n || '.',
       now() - make_interval(mins => $2::int - n)
     FROM service_requests r CROSS JOIN generate_series(1, $2::int) AS n WHERE r.id = $1`,
    [id, count],
  )
  return id
}

/** Enquiries and requests (from the client) for the admin's lists. */
async function fillAdminLists(pool: pg.Pool, clientEmail: string) {
  await pool.query(
    `INSERT INTO contact_enquiries (name, email, phone, company, service_id, budget, message,
       locale, created_at)
     SELECT 'Visitor ' || i, 'visitor' || i || '@example.com', '', 'Company ' || i,
       'web-development', 'not-sure', 'A message long enough to look like a real one, ' || i || '.',
       CASE WHEN i % 2 = 0 THEN 'es' ELSE 'en' END, now() - make_interval(mins => i * 5)
     FROM generate_series(1, $1::int) AS i`,
    [listRows],
  )
  await pool.query(
    `WITH requests AS (
       INSERT INTO service_requests (user_id, service_id, status, need, desired_start, budget,
         created_at, updated_at, number)
       SELECT u.id, (ARRAY['web-development', 'hosting', 'seo'])[i % 3 + 1],
         (ARRAY['received', 'inReview', 'proposalSent', 'inProgress'])[i % 4 + 1],
         'A brief long enough to look like a real one, number ' || i || '.', 'flexible',
         'not-sure', now() - make_interval(mins => i * 5), now() - make_interval(mins => i * 5),
         'PD-bench-' || gen_random_uuid()
       FROM users u CROSS JOIN generate_series(1, $1::int) AS i WHERE lower(u.email) = lower($2)
       RETURNING id, created_at
     )
     INSERT INTO service_request_history (request_id, from_status, to_status, by_role, created_at)
     SELECT id, NULL, 'received', 'client', created_at FROM requests`,
    [listRows, clientEmail],
  )
  await pool.query('ANALYZE')
}

/** The signed-in pages, their sessions ready, on the server at `baseURL` with `dataDir`. */
export async function signedInPages(baseURL: string, dataDir: string): Promise<SignedInPage[]> {
  const pool = embeddedPool(dataDir)
  try {
    const client = await signIn(baseURL, pool, validRegistration.email, 'client')
    const requestId = await requestWithMessages(client, pool, 12)
    const admin = await signIn(baseURL, pool, adminEmail, 'admin')
    // The admin API answers an admin whose session proved a second factor.
    const started = await admin.json('POST', '/api/v1/me/factors/totp', {})
    if (started.status !== 200) throw new Error(`The app's key: ${started.status}`)
    const confirmed = await admin.json('POST', '/api/v1/me/factors/totp/confirm', {
      code: totpCode(started.body.secret as string, new Date()),
    })
    if (confirmed.status !== 200) throw new Error(`The app's code: ${confirmed.status}`)
    // Turning the app on proves nothing of this session (it signed in with the password): a
    // step-up with the app's next code does. Each code works once, so it is the next step's,
    // which the server accepts a step early.
    const proven = await admin.json('POST', '/api/v1/me/reauthenticate', {
      code: totpCode(started.body.secret as string, new Date(Date.now() + 30_000)),
    })
    if (proven.status !== 200) throw new Error(`The admin's step-up: ${proven.status}`)
    await fillAdminLists(pool, validRegistration.email)
    const cookie = (browser: Browser) => ({ Cookie: browser.headers().cookie ?? '' })
    return [
      { label: '/my-services', path: '/my-services', headers: cookie(client) },
      {
        label: '/my-services/<id> (12 messages)',
        path: `/my-services/${requestId}`,
        headers: cookie(client),
      },
      { label: '/profile', path: '/profile', headers: cookie(client) },
      { label: '/admin (25 rows)', path: '/admin', headers: cookie(admin) },
      {
        label: '/admin (filtered)',
        path: '/admin?status=inReview&service=hosting',
        headers: cookie(admin),
      },
    ]
  } finally {
    await pool.end().catch(() => {})
  }
}
