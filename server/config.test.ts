import { describe, expect, it } from 'vitest'
import { ConfigError, factorKeyOf, readConfig } from './config'
import { requestTimeouts, requestTimeoutsFor } from './db/timeouts'

const defaults = { clientDir: '/srv/client' }

describe('configuration from the environment', () => {
  it('keeps files in PostgreSQL unless FILE_STORAGE=s3, which needs S3_BUCKET; keys go in pairs', () => {
    const config = readConfig({}, defaults)
    expect([config.fileStorage, config.bucket, config.tracing]).toEqual([
      'postgres',
      undefined,
      undefined,
    ])
    expect(() => readConfig({ FILE_STORAGE: 's3' }, defaults)).toThrow(
      /S3_BUCKET: required with FILE_STORAGE=s3/,
    )
    expect(() => readConfig({ FILE_STORAGE: 'disk' }, defaults)).toThrow(
      /FILE_STORAGE: must be one of postgres, s3/,
    )
    expect(() =>
      readConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' }, defaults),
    ).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/)
    const bucket = readConfig(
      {
        FILE_STORAGE: 's3',
        S3_ENDPOINT: 'http://minio:9000',
        S3_BUCKET: 'agency-files',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      },
      defaults,
    )
    expect(bucket.bucket).toEqual({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'agency-files',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    })
    // Without keys: the SDK's own chain (an instance's role).
    expect(readConfig({ S3_BUCKET: 'agency-files' }, defaults).bucket?.credentials).toBeUndefined()
    expect(
      readConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, defaults).tracing,
    ).toEqual({ endpoint: 'http://collector:4318', serviceName: 'agency-site', sampleRatio: 1 })
    expect(
      readConfig(
        { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_SAMPLER_ARG: '0.1' },
        defaults,
      ).tracing?.sampleRatio,
    ).toBe(0.1)
    expect(() => readConfig({ OTEL_TRACES_SAMPLER_ARG: '10' }, defaults)).toThrow(
      /OTEL_TRACES_SAMPLER_ARG: must be a share of requests from 0 to 1/,
    )
  })

  it('reads the defaults and TRUST_PROXY in each form', () => {
    const config = readConfig({}, defaults)
    expect(config).toMatchObject({ host: '127.0.0.1', port: 3000, logLevel: 'info' })
    // A passkey's relying party must be a domain: on loopback the public URL names localhost.
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(readConfig({ HOST: '::1', PORT: '8080' }, defaults).publicUrl).toBe(
      'http://localhost:8080',
    )
    expect(readConfig({ HOST: '0.0.0.0' }, defaults).publicUrl).toBe('http://0.0.0.0:3000')
    expect(config.trustProxy).toEqual({ mode: 'none' })
    expect(readConfig({ TRUST_PROXY: '2' }, defaults).trustProxy).toEqual({ mode: 'hops', hops: 2 })
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8,::1' }, defaults).trustProxy.mode).toBe(
      'addresses',
    )
  })

  it('mails enquiries to AGENCY_EMAIL, by default the address the contact page shows', () => {
    expect(readConfig({}, defaults).agencyEmail).toBe('hola@puentedigital.mx')
    expect(readConfig({ AGENCY_EMAIL: 'leads@agency.example' }, defaults).agencyEmail).toBe(
      'leads@agency.example',
    )
    expect(() => readConfig({ AGENCY_EMAIL: 'not an address' }, defaults)).toThrow(
      /AGENCY_EMAIL: must be an email address/,
    )
  })

  it('keeps the agency clock in AGENCY_TIME_ZONE, by default Mexico City, refusing an unknown zone', () => {
    expect(readConfig({}, defaults).agencyTimeZone).toBe('America/Mexico_City')
    expect(readConfig({ AGENCY_TIME_ZONE: 'Europe/Madrid' }, defaults).agencyTimeZone).toBe(
      'Europe/Madrid',
    )
    expect(() => readConfig({ AGENCY_TIME_ZONE: 'Mexico/Nowhere' }, defaults)).toThrow(
      /AGENCY_TIME_ZONE: must be an IANA time zone/,
    )
  })

  it('keeps the agency’s WhatsApp number (AGENCY_WHATSAPP) as its digits, none by default, refusing a number that is not international', () => {
    expect(readConfig({}, defaults).agencyWhatsapp).toBeUndefined()
    expect(readConfig({ AGENCY_WHATSAPP: '+52 55 4170 2386' }, defaults).agencyWhatsapp).toBe(
      '525541702386',
    )
    // Empty is unset, as for every setting.
    expect(readConfig({ AGENCY_WHATSAPP: '' }, defaults).agencyWhatsapp).toBeUndefined()
    for (const wrong of ['55 4170 2386', '+52 55 CALL', '+52'])
      expect(() => readConfig({ AGENCY_WHATSAPP: wrong }, defaults), wrong).toThrow(
        /AGENCY_WHATSAPP: must be a phone number in international format/,
      )
  })

  it('reads the running settings: the stop delay (10 s), migrations at start (on), the metrics port (off)', () => {
    const config = readConfig({}, defaults)
    expect([config.shutdownDelayMs, config.migrateOnStart, config.metricsPort]).toEqual([
      10_000,
      true,
      undefined,
    ])
    const set = readConfig(
      { SHUTDOWN_DELAY_MS: '0', MIGRATE_ON_START: 'false', METRICS_PORT: '9464' },
      defaults,
    )
    expect([set.shutdownDelayMs, set.migrateOnStart, set.metricsPort]).toEqual([0, false, 9464])
    expect(() => readConfig({ MIGRATE_ON_START: 'no' }, defaults)).toThrow(
      /MIGRATE_ON_START: must be true or false/,
    )
    expect(() => readConfig({ SHUTDOWN_DELAY_MS: '120000' }, defaults)).toThrow(
      /SHUTDOWN_DELAY_MS: must be at most 60000/,
    )
    expect(() => readConfig({ METRICS_PORT: '0' }, defaults)).toThrow(
      /METRICS_PORT: must be a port number \(1-65535\)/,
    )
  })

  it('receives replies by email only with both INBOUND_SMTP_PORT and INBOUND_MAIL_DOMAIN', () => {
    expect(readConfig({}, defaults).inbound).toBeUndefined()
    expect(
      readConfig(
        { INBOUND_SMTP_PORT: '2525', INBOUND_MAIL_DOMAIN: 'Reply.Agency.Example' },
        defaults,
      ).inbound,
    ).toEqual({ port: 2525, domain: 'reply.agency.example' })
    expect(() => readConfig({ INBOUND_SMTP_PORT: '2525' }, defaults)).toThrow(
      /INBOUND_MAIL_DOMAIN: required with INBOUND_SMTP_PORT/,
    )
    expect(() => readConfig({ INBOUND_MAIL_DOMAIN: 'reply.agency.example' }, defaults)).toThrow(
      /INBOUND_SMTP_PORT: required with INBOUND_MAIL_DOMAIN/,
    )
    expect(() =>
      readConfig({ INBOUND_SMTP_PORT: '2525', INBOUND_MAIL_DOMAIN: 'reply@agency' }, defaults),
    ).toThrow(/INBOUND_MAIL_DOMAIN: must be a mail domain/)
    expect(() =>
      readConfig({ INBOUND_SMTP_PORT: '0', INBOUND_MAIL_DOMAIN: 'reply.agency.example' }, defaults),
    ).toThrow(/INBOUND_SMTP_PORT: must be a port number \(1-65535\)/)
  })

  it('bounds a request’s wait on the database by DATABASE_WAIT_MS, 2 s by default', () => {
    expect(readConfig({}, defaults).databaseWaitMs).toBe(2000)
    expect(() => readConfig({ DATABASE_WAIT_MS: '30000' }, defaults)).toThrow(
      /DATABASE_WAIT_MS: must be at most 25000/,
    )
    expect(readConfig({ DATABASE_WAIT_MS: '20000' }, defaults).databaseWaitMs).toBe(20_000)
    expect(() => readConfig({ DATABASE_WAIT_MS: '2s' }, defaults)).toThrow(
      /DATABASE_WAIT_MS: must be a number of milliseconds/,
    )
    // Production's bounds are the default wait's.
    expect(requestTimeoutsFor(2000)).toEqual(requestTimeouts)
    expect(requestTimeoutsFor(20_000)).toEqual({
      connectMs: 20_000,
      queryMs: 20_000,
      statementMs: 15_000,
      lockMs: 10_000,
    })
  })

  it('writes the agency’s mails in AGENCY_LANGUAGE, Spanish by default', () => {
    expect(readConfig({}, defaults).agencyLocale).toBe('es')
    expect(readConfig({ AGENCY_LANGUAGE: 'en' }, defaults).agencyLocale).toBe('en')
    expect(() => readConfig({ AGENCY_LANGUAGE: 'fr' }, defaults)).toThrow(
      /AGENCY_LANGUAGE: must be one of en, es/,
    )
  })

  it('takes the SPEI account whole, its CLABE checked by its check digit, or none', () => {
    const account = {
      PAYMENT_BANK: 'Banco del Ejemplo',
      PAYMENT_BENEFICIARY: 'Puente Digital SA de CV',
      PAYMENT_CLABE: '032180000118359719',
    }
    expect(readConfig({}, defaults).speiAccount).toBeUndefined()
    expect(readConfig(account, defaults).speiAccount).toEqual({
      bank: 'Banco del Ejemplo',
      beneficiary: 'Puente Digital SA de CV',
      clabe: '032180000118359719',
    })
    expect(() => readConfig({ ...account, PAYMENT_CLABE: '032180000118359718' }, defaults)).toThrow(
      /PAYMENT_CLABE: must be a CLABE: 18 digits whose last is the check digit of the others/,
    )
    expect(() => readConfig({ ...account, PAYMENT_CLABE: '0321800001183597' }, defaults)).toThrow(
      /PAYMENT_CLABE/,
    )
    expect(() => readConfig({ PAYMENT_CLABE: '032180000118359719' }, defaults)).toThrow(
      /set all three/,
    )
  })

  it('takes the Stripe keys all three or none, test with test, and a stand-in base only with them', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    }
    expect(readConfig({}, defaults).stripe).toBeUndefined()
    expect(readConfig(keys, defaults).stripe).toEqual({
      secretKey: 'sk_test_abc123',
      publishableKey: 'pk_test_abc123',
      webhookSecret: 'whsec_abc123',
    })
    expect(
      readConfig({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111/' }, defaults).stripe?.apiBase,
    ).toBe('http://127.0.0.1:12111')
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' }, defaults)).toThrow(
      /set all three/,
    )
    expect(() =>
      readConfig({ ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123' }, defaults),
    ).toThrow(/a test key goes with a test secret key/)
    expect(() => readConfig({ ...keys, STRIPE_SECRET_KEY: 'pk_test_abc123' }, defaults)).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    )
    expect(() => readConfig({ ...keys, STRIPE_WEBHOOK_SECRET: 'secret' }, defaults)).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    )
    expect(() => readConfig({ STRIPE_API_BASE: 'http://127.0.0.1:12111' }, defaults)).toThrow(
      /STRIPE_API_BASE: goes with the STRIPE_\* keys/,
    )
    expect(() =>
      readConfig({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111/v1' }, defaults),
    ).toThrow(/STRIPE_API_BASE/)
  })

  it('reports every bad value at once, one line each, naming the variable', () => {
    let error: unknown
    try {
      readConfig(
        {
          PORT: '70000',
          DATABASE_URL: 'mysql://x',
          SMTP_URL: 'http://mail',
          PUBLIC_URL: 'not a url',
          XSRF_SECRET: 'short',
          TOTP_ENCRYPTION_KEY: 'not a key',
          TRUST_PROXY: '10.0.0.0/99',
          LOG_LEVEL: 'loud',
        },
        defaults,
      )
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const lines = (error as Error).message.split('\n')
    expect(lines[0]).toBe('Invalid environment:')
    const named = lines.slice(1).map((line) => /^ {2}- (\w+): .+/.exec(line)?.[1])
    expect(named.sort()).toEqual(
      [
        'DATABASE_URL',
        'LOG_LEVEL',
        'PORT',
        'PUBLIC_URL',
        'SMTP_URL',
        'TRUST_PROXY',
        'XSRF_SECRET',
        'TOTP_ENCRYPTION_KEY',
      ].sort(),
    )
    expect((error as Error).message).toContain(
      'TRUST_PROXY: "10.0.0.0/99" has an invalid prefix length',
    )
    expect((error as Error).message).toContain('PORT: must be a port number (0-65535)')
  })

  it('needs TOTP_ENCRYPTION_KEY with DATABASE_URL (every instance shares it); reads it in hex or base64url', () => {
    const url = 'postgres://agency@db/agency'
    expect(() => factorKeyOf(readConfig({ DATABASE_URL: url }, defaults))).toThrow(
      /TOTP_ENCRYPTION_KEY: required with DATABASE_URL/,
    )
    const hex = readConfig({ DATABASE_URL: url, TOTP_ENCRYPTION_KEY: '0f'.repeat(32) }, defaults)
    expect(factorKeyOf(hex)).toEqual(Buffer.alloc(32, 0x0f))
    const b64 = Buffer.alloc(32, 3).toString('base64url')
    expect(readConfig({ TOTP_ENCRYPTION_KEY: b64 }, defaults).totpEncryptionKey).toEqual(
      Buffer.alloc(32, 3),
    )
  })
})
