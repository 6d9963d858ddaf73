import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  contactMaxLengths,
  createContactSchema,
  minimumFillMs,
} from '../../domain/leads/contact-schema'
import { budgetRanges } from '../../domain/leads/lead-options'
import { serviceIds } from '../../domain/services/service-table'
import { translator } from '../i18n/server-i18n'
import { createLogger } from '../log/logger'
import { useAccountKit } from '../test/account-kit'
import { ApiClient, startApi } from '../test/api-harness'
import { testBackends } from '../test/test-database'

const agencyEmail = 'inbox@agency.example'
let sequence = 0

function enquiry(overrides: Record<string, unknown> = {}) {
  sequence += 1
  return {
    name: 'Lucía Hernández',
    email: `visitor${sequence}.${Date.now()}@example.com`,
    phone: '+52 55 1234 5678',
    company: 'Café <Olmo> & Hijos',
    service: 'e-commerce',
    budget: '25k-75k',
    message: 'We sell coffee in Puebla.\nWe would like an online shop before December.',
    consent: true,
    website: '',
    elapsedMs: 12_000,
    ...overrides,
  }
}

describe('the contact schema', () => {
  const schemas = {
    en: createContactSchema(translator('en')),
    es: createContactSchema(translator('es')),
  }
  const text = (min: number, max: number) =>
    fc
      .string({ unit: 'grapheme-ascii', minLength: min, maxLength: max })
      .filter((value) => value.trim().length >= min)
  const validInput = fc.record({
    name: text(1, contactMaxLengths.name),
    email: fc.constantFrom(
      'ana@example.com',
      'o.brien+web@correo.example.mx',
      'x@xn--e1afmkfd.example',
    ),
    phone: fc.constantFrom('', '5512345678', '+52 (55) 1234-5678'),
    company: fc.string({ maxLength: contactMaxLengths.company }),
    service: fc.constantFrom('', ...serviceIds),
    budget: fc.constantFrom(...budgetRanges),
    message: fc
      .array(text(20, 400), { minLength: 1, maxLength: 3 })
      .map((lines) => lines.join('\r\n')),
    consent: fc.constant(true as const),
    website: fc.constant(''),
    elapsedMs: fc.nat(),
  })

  it('accepts every well-formed enquiry in both languages, trimmed, with its line breaks', () => {
    fc.assert(
      fc.property(validInput, (input) => {
        for (const schema of Object.values(schemas)) {
          const parsed = v.safeParse(schema, input)
          expect(parsed.success).toBe(true)
          if (!parsed.success) return
          expect(parsed.output.name).toBe(input.name.trim())
          expect(parsed.output.message).toBe(input.message.replace(/\r\n/g, '\n').trim())
        }
      }),
      { numRuns: 300 },
    )
  })

  it('refuses a message shorter than 20 characters, control characters, a missing consent and unknown choices, per field', () => {
    const refusals = [
      [{ message: 'Too short, sorry.' }, 'message'],
      [{ message: `${'a'.repeat(30)}\u0000` }, 'message'],
      [{ message: `${'a'.repeat(30)}\u202e` }, 'message'],
      [{ message: 'a'.repeat(5001) }, 'message'],
      [{ name: 'Ana\nBcc: x@example.com' }, 'name'],
      [{ consent: false }, 'consent'],
      [{ service: 'time-travel' }, 'service'],
      [{ budget: 'a million' }, 'budget'],
      [{ email: 'not an address' }, 'email'],
      [{ phone: '12' }, 'phone'],
    ] as const
    for (const [change, field] of refusals) {
      const parsed = v.safeParse(schemas.es, enquiry(change))
      expect(parsed.success, JSON.stringify(change)).toBe(false)
      if (parsed.success) continue
      expect(parsed.issues.map((issue) => issue.path?.[0]?.key)).toContain(field)
    }
  })
})

describe.each(testBackends())('POST /api/v1/contact on $name', (backend) => {
  const kit = useAccountKit(backend, {
    agencyEmail,
    rateRules: {
      contactPerIp: { name: 'contact:ip', limit: 4, windowSeconds: 3600 },
      contactPerEmail: { name: 'contact:email', limit: 2, windowSeconds: 3600 },
    },
  })

  const count = async (table: string, where = 'true', values: unknown[] = []) =>
    Number(
      (await kit.database.pool.query(`SELECT count(*) FROM ${table} WHERE ${where}`, values))
        .rows[0].count,
    )
  const visitor = (language?: string) => {
    const client = new ApiClient(kit.api.url)
    if (language) client.cookies.set('app-language', language)
    return client
  }

  it('stores the enquiry, mails the agency the whole enquiry and the visitor an acknowledgement in the page language', async () => {
    const sent = enquiry()
    const answer = await visitor('es').post('/api/v1/contact', sent)
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      success: true,
      message: '¡Gracias! Recibimos tu mensaje y te responderemos en un día hábil.',
    })
    const { rows } = await kit.database.pool.query(
      'SELECT id, name, email, phone, company, service_id, budget, message, locale FROM contact_enquiries WHERE email = $1',
      [sent.email],
    )
    expect(rows).toEqual([
      {
        id: expect.any(String),
        name: sent.name,
        email: sent.email,
        phone: sent.phone,
        company: sent.company,
        service_id: 'e-commerce',
        budget: '25k-75k',
        message: sent.message,
        locale: 'es',
      },
    ])
    expect(await count('mail_outbox', 'enquiry_id = $1', [rows[0].id])).toBe(2)

    await kit.worker.deliverDue()
    const toAgency = await kit.smtp.waitForMail(agencyEmail, undefined, (mail) =>
      mail.text.includes(sent.email),
    )
    expect(toAgency.subject).toBe(`Nueva solicitud desde el sitio web: ${sent.name}`)
    expect(toAgency.raw).toMatch(new RegExp(`^Reply-To: ${sent.email}`, 'im'))
    for (const part of [
      sent.name,
      sent.phone,
      sent.company,
      'Comercio electrónico',
      'De MXN 25,000 a 75,000',
      'Español',
      'We sell coffee in Puebla.\nWe would like an online shop before December.',
    ])
      expect(toAgency.text.replace(/\r\n/g, '\n')).toContain(part)
    // The visitor's text is escaped in the HTML part, never markup.
    expect(toAgency.html).toContain('Café &#60;Olmo&#62; &#38; Hijos')
    expect(toAgency.html).not.toContain('<Olmo>')

    const acknowledgement = await kit.smtp.waitForMail(sent.email)
    expect(acknowledgement.subject).toBe('Recibimos tu mensaje – Puente Digital')
    expect(acknowledgement.text).toContain('Gracias por escribir a Puente Digital.')
    expect(acknowledgement.html).toContain('<html lang="es">')
    // The first word of the name greets; nothing else the visitor wrote goes to the address.
    expect(acknowledgement.text).toContain('Hola, Lucía:')
    const written = `${acknowledgement.subject}\n${acknowledgement.text}\n${acknowledgement.html}`
    for (const part of ['Hernández', sent.phone, 'Café', 'Olmo', 'Puebla', 'online shop'])
      expect(written, part).not.toContain(part)
  })

  it('never lets a stranger relay text to another address through the acknowledgement', async () => {
    const lure =
      'Your invoice is overdue, pay at http://pay-agency.example/login or mail billing@pay-agency.example'
    const sent = enquiry({
      name: 'Puente Digital billing www.pay-agency.example',
      company: 'pay-agency.example',
      message: lure,
    })
    expect((await visitor('en').post('/api/v1/contact', sent)).status).toBe(201)
    await kit.worker.deliverDue()
    const acknowledgement = await kit.smtp.waitForMail(sent.email)
    const decoded = `${acknowledgement.subject}\n${acknowledgement.text}\n${acknowledgement.html}`
    for (const part of ['pay-agency', 'invoice', 'overdue', 'billing', 'http:', 'www.'])
      expect(decoded, part).not.toContain(part)
    expect(acknowledgement.text).toContain('Hello Puente,')
    expect(acknowledgement.raw).not.toContain('pay-agency')
    // The agency's own copy still has all of it, to judge for itself.
    const toAgency = await kit.smtp.waitForMail(agencyEmail, undefined, (mail) =>
      mail.text.includes(sent.email),
    )
    expect(toAgency.text).toContain('http://pay-agency.example/login')
  })

  it('caps the acknowledgements of all visitors per hour: past it the enquiry is stored and the agency mailed, with no acknowledgement', async () => {
    const lines: string[] = []
    const capped = await startApi(kit.database, {
      mail: kit.worker,
      agencyEmail,
      logger: createLogger({ destination: { write: (line: string) => lines.push(line) } }),
      rateRules: {
        contactPerIp: { name: 'contact-cap:ip', limit: 100, windowSeconds: 3600 },
        contactPerEmail: { name: 'contact-cap:email', limit: 100, windowSeconds: 3600 },
        contactAcknowledgements: {
          name: 'contact-cap:acknowledgements',
          limit: 2,
          windowSeconds: 3600,
        },
      },
    })
    try {
      const sent = [enquiry(), enquiry(), enquiry()]
      for (const one of sent) {
        const answer = await new ApiClient(capped.url).post('/api/v1/contact', one)
        // The visitor learns nothing: the same answer with or without an acknowledgement.
        expect(answer.status).toBe(201)
      }
      const mails = async (email: string) =>
        (
          await kit.database.pool.query<{ kind: string; recipient: string }>(
            `SELECT o.kind, o.recipient FROM mail_outbox o
             JOIN contact_enquiries e ON e.id = o.enquiry_id WHERE e.email = $1 ORDER BY o.kind`,
            [email],
          )
        ).rows
      const [first, second, third] = sent.map((one) => one.email)
      for (const email of [first, second])
        expect(await mails(String(email))).toEqual([
          { kind: 'contact_acknowledgement', recipient: email },
          { kind: 'contact_agency', recipient: agencyEmail },
        ])
      expect(await mails(String(third))).toEqual([
        { kind: 'contact_agency', recipient: agencyEmail },
      ])
      expect(await count('contact_enquiries', 'email = $1', [third])).toBe(1)
      const skipped = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.event === 'contact.acknowledgement_skipped')
      expect(skipped).toEqual([
        expect.objectContaining({
          enquiryId: expect.any(String),
          rule: 'contact-cap:acknowledgements',
        }),
      ])
      expect(JSON.stringify(skipped)).not.toContain(String(third))
    } finally {
      await capped.close()
    }
  })

  it('writes the agency’s copy in the agency’s language (Spanish by default) with a link to the enquiry in the inbox, and the acknowledgement in the page’s, both framed', async () => {
    const sent = enquiry({ service: '', phone: '', company: '' })
    expect((await visitor('en').post('/api/v1/contact', sent)).status).toBe(201)
    await kit.worker.deliverDue()
    const toAgency = await kit.smtp.waitForMail(agencyEmail, undefined, (mail) =>
      mail.text.includes(sent.email),
    )
    expect(toAgency.subject).toBe(`Nueva solicitud desde el sitio web: ${sent.name}`)
    expect(toAgency.text).toContain('Servicio de interés: (no lo indicó)')
    expect(toAgency.text).toContain('Idioma de la página: Inglés')
    const { rows } = await kit.database.pool.query<{ id: string }>(
      'SELECT id FROM contact_enquiries WHERE email = $1',
      [sent.email],
    )
    const inbox = `https://agency.example/admin?tab=enquiries&id=${rows[0]?.id}`
    expect(toAgency.text).toContain(inbox)
    expect(toAgency.html).toContain(`href="${inbox.replace('&', '&#38;')}"`)
    expect(toAgency.html).toContain('<html lang="es">')
    const acknowledgement = await kit.smtp.waitForMail(sent.email)
    expect(acknowledgement.subject).toBe('We received your message – Puente Digital')
    expect(acknowledgement.html).toContain('<html lang="en">')
    // The frame: the agency's name on top, the site's address at the foot, in both parts.
    for (const mail of [toAgency, acknowledgement]) {
      expect(mail.text).toMatch(/^Puente Digital\r?\n/)
      expect(mail.text.trimEnd().split(/\r?\n/).at(-1)).toBe(
        'Puente Digital · https://agency.example · hola@puentedigital.mx',
      )
      expect(mail.html).toContain('>agency.example</a>')
    }
  })

  it('answers like a real enquiry and drops it when the honeypot is filled', async () => {
    const change = { website: 'https://cheap-pills.example' }
    const real = await visitor().post('/api/v1/contact', enquiry())
    const sent = enquiry(change)
    const enquiriesBefore = await count('contact_enquiries')
    const outboxBefore = await count('mail_outbox')
    const answer = await visitor().post('/api/v1/contact', sent)
    expect(answer.status).toBe(real.status)
    expect(answer.body).toEqual(real.body)
    expect(await count('contact_enquiries')).toBe(enquiriesBefore)
    expect(await count('mail_outbox')).toBe(outboxBefore)
    expect(await count('contact_enquiries', 'email = $1', [sent.email])).toBe(0)
  })

  it.each([
    ['the form was sent faster than a person fills it', { elapsedMs: minimumFillMs - 1 }],
    ['no fill time was sent', { elapsedMs: undefined }],
  ])(
    'answers like a real enquiry, keeps it as likely spam and mails nobody when %s',
    async (_, change) => {
      const realEnquiry = enquiry()
      const real = await visitor().post('/api/v1/contact', realEnquiry)
      const sent = enquiry(change)
      const outboxBefore = await count('mail_outbox')
      const answer = await visitor().post('/api/v1/contact', sent)
      expect(answer.status).toBe(real.status)
      expect(answer.body).toEqual(real.body)
      const { rows } = await kit.database.pool.query<{ id: string; likely_spam: boolean }>(
        'SELECT id, likely_spam FROM contact_enquiries WHERE email = $1',
        [sent.email],
      )
      expect(rows).toEqual([{ id: expect.any(String), likely_spam: true }])
      // Not to the agency, not to the address typed.
      expect(await count('mail_outbox')).toBe(outboxBefore)
      expect(await count('mail_outbox', 'enquiry_id = $1', [rows[0]?.id])).toBe(0)
      // The real one is not flagged.
      expect(
        await count('contact_enquiries', 'email = $1 AND NOT likely_spam', [realEnquiry.email]),
      ).toBe(1)
    },
  )

  it('answers 400 with a translated message per field, and stores nothing', async () => {
    const before = await count('contact_enquiries')
    const answer = await visitor('es').post(
      '/api/v1/contact',
      enquiry({ message: 'Hola', consent: false, budget: '' }),
    )
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ success: false, code: 'invalid_fields' })
    expect(answer.body.fields).toEqual({
      message: 'Cuéntanos un poco más: al menos 20 caracteres.',
      consent: 'Acepta que te contactemos para poder responderte.',
      budget: 'Elige una de las opciones.',
    })
    expect(await count('contact_enquiries')).toBe(before)
  })

  it('refuses an address whose local part would add fields to a mailto: link, in the page language', async () => {
    const before = await count('contact_enquiries')
    const answer = await visitor('es').post(
      '/api/v1/contact',
      enquiry({ email: 'sales?cc=attacker%40evil.example&subject=Invoice@example.com' }),
    )
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({
      code: 'invalid_fields',
      fields: { email: "Usa solo letras, dígitos y . _ + - ' antes de la @." },
    })
    expect(await count('contact_enquiries')).toBe(before)
  })

  it('limits enquiries per address: 429 with Retry-After', async () => {
    const client = visitor()
    for (let i = 0; i < 4; i += 1)
      expect((await client.post('/api/v1/contact', enquiry())).status).toBe(201)
    const refused = await client.post('/api/v1/contact', enquiry())
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ success: false, code: 'rate_limited' })
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(3600)
  })

  it('limits enquiries per email from any address, spam included: 429 with Retry-After', async () => {
    const email = `again.${Date.now()}@example.com`
    expect((await visitor().post('/api/v1/contact', enquiry({ email }))).status).toBe(201)
    // A dropped one counts like a real one, so the limit tells a bot nothing either.
    expect(
      (
        await visitor().post(
          '/api/v1/contact',
          enquiry({ email: email.toUpperCase(), website: 'x' }),
        )
      ).status,
    ).toBe(201)
    const refused = await visitor().post('/api/v1/contact', enquiry({ email }))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await count('contact_enquiries', 'lower(email) = lower($1)', [email])).toBe(1)
  })

  it('refuses a request without the XSRF token (403) and a body that is not JSON (415)', async () => {
    const before = await count('contact_enquiries')
    const noToken = await visitor().post('/api/v1/contact', enquiry(), { xsrf: false })
    expect(noToken.status).toBe(403)
    expect(noToken.body).toMatchObject({ success: false, code: 'xsrf_failed' })
    const form = await visitor().post('/api/v1/contact', 'name=a', {
      contentType: 'application/x-www-form-urlencoded',
    })
    expect(form.status).toBe(415)
    expect(await count('contact_enquiries')).toBe(before)
  })

  it('never answers a hostile body with a 5xx, and stores nothing it refuses', async () => {
    const generous = await startApi(kit.database, {
      rateRules: {
        contactPerIp: { name: 'contact-fuzz:ip', limit: 1_000_000, windowSeconds: 60 },
        contactPerEmail: { name: 'contact-fuzz:email', limit: 1_000_000, windowSeconds: 60 },
      },
    })
    const client = new ApiClient(generous.url)
    const hostile: fc.Arbitrary<unknown> = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom(null, true, -1, 1e308, [], {}, '\u0000'.repeat(50), 'x'.repeat(70_000)),
    )
    const field = fc.constantFrom(...Object.keys(enquiry()), '__proto__', 'isAdmin')
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc
              .dictionary(field, hostile, { maxKeys: 4 })
              .map((changes) => JSON.stringify({ ...enquiry(), ...changes })),
            hostile.map((value) => JSON.stringify(value) ?? 'null'),
            fc.string({ maxLength: 40 }),
          ),
          async (body) => {
            const before = await count('contact_enquiries')
            const answer = await client.post('/api/v1/contact', body)
            expect([201, 400, 413]).toContain(answer.status)
            const stored = (await count('contact_enquiries')) - before
            if (answer.status !== 201) expect(stored).toBe(0)
            else expect(answer.body).toEqual({ success: true, message: expect.any(String) })
          },
        ),
        { numRuns: 300 },
      )
    } finally {
      await generous.close()
    }
  }, 120_000)
})
