import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import {
  accessSync,
  constants,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../domain/api/api-contract'
import { threadLimits } from '../domain/requests/thread-limits'
import { factorKeyOf, readConfig, settingNames } from '../server/config'
import { migrations } from '../server/db/migrate'
import { defaultHttpLimits } from '../server/http-server'
import { maxBodyBytes } from '../server/security/json-body'
import { databaseUrlOf, exited, freePort } from '../server/test/server-process'
import { sharedServerBuild } from '../server/test/shared-server-build'
import { createTestDatabase, type TestDatabase, testBackends } from '../server/test/test-database'
import { type ComposeFile, readCompose, type Service } from './deploy/compose-file'
import { assignments, execForm, type Instruction, parseDockerfile } from './deploy/dockerfile'
import {
  bytesOf,
  type Directive,
  directives,
  inForce,
  locationFor,
  millisecondsOf,
  parseNginx,
} from './deploy/nginx-config'

/**
 * The container image and the deployment files (Dockerfile, compose.yaml, deploy/nginx.conf;
 * docs/decisions/058), checked without a container engine: each file read as its tool reads it
 * and held to what the server, package.json and the README say; then the image's own commands
 * (entrypoint, migrate, start, health check) run against a real build and a real database.
 */

const root = resolve(import.meta.dirname, '..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')
const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string> }

const stages = parseDockerfile(read('Dockerfile'))
const stageNamed = (name: string) => {
  const stage = stages.find((candidate) => candidate.name === name)
  if (!stage) throw new Error(`The Dockerfile has no stage ${name}`)
  return stage
}
const build = stageNamed('build')
const runtime = stages.at(-1)
if (!runtime) throw new Error('No stage')
const only = (stage: { instructions: readonly Instruction[] }, keyword: string) => {
  const found = stage.instructions.filter((instruction) => instruction.keyword === keyword)
  if (found.length !== 1) throw new Error(`Expected one ${keyword}, found ${found.length}`)
  return found[0] as Instruction
}
const runs = (stage: { instructions: readonly Instruction[] }) =>
  stage.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args)
const imageEnv = new Map(
  runtime.instructions
    .filter((instruction) => instruction.keyword === 'ENV')
    .flatMap((instruction) => [...assignments(instruction.args)]),
)
const cmd = execForm(only(runtime, 'CMD'))
const entrypoint = execForm(only(runtime, 'ENTRYPOINT'))
const healthcheck = (() => {
  const { args } = only(runtime, 'HEALTHCHECK')
  const at = args.indexOf('CMD ')
  return execForm({ ...only(runtime, 'HEALTHCHECK'), args: args.slice(at + 4) })
})()
const entrypointScript = join(root, 'deploy/docker-entrypoint.sh')

/** What a deployment's secrets are, for reading the compose file as `docker compose up` does. */
const secrets = {
  POSTGRES_PASSWORD: 'a-database-password',
  TOTP_ENCRYPTION_KEY: '07'.repeat(32),
}
const compose: ComposeFile = readCompose(read('compose.yaml'), secrets)
const service = (name: string): Service => {
  const found = compose.services[name]
  if (!found) throw new Error(`compose.yaml has no service ${name}`)
  return found
}
/** The services that run the image: the migrations and the instances. */
const imageServices = ['migrate', 'app1', 'app2']
const instances = ['app1', 'app2']

const nginx = parseNginx(read('deploy/nginx.conf'))
const [server, ...otherServers] = directives(nginx, 'server')
if (!server || otherServers.length > 0) throw new Error('deploy/nginx.conf: one server block')
const value = (block: readonly Directive[], name: string) => {
  const [found, ...more] = directives(block, name)
  if (!found || more.length > 0) throw new Error(`Expected one ${name}`)
  return found.args.join(' ')
}
const valueAt = (location: Directive, name: string) => {
  const [found, ...more] = inForce(server, location, name)
  if (!found || more.length > 0) throw new Error(`Expected one ${name} in force`)
  return found.args.join(' ')
}
const location = (path: string) => {
  const found = locationFor(server, path)
  if (!found) throw new Error(`No location serves ${path}`)
  return found
}
const upload = location(endpoints.uploadFile.path)
const streamPaths = Object.values(endpoints)
  .filter((endpoint) => endpoint.method === 'GET' && endpoint.path.endsWith('/events'))
  .map((endpoint) => endpoint.path.replaceAll(':id', '0b6f2c4e-8d1a-4c2b-9e57-3f1d2a6b7c80'))

describe('Dockerfile', () => {
  it('builds on Node 20 Debian slim: npm ci and the build in one stage, production dependencies in the last', () => {
    for (const stage of stages) expect(stage.image).toMatch(/^node:20-[a-z]+-slim$/)
    expect(runs(build)).toEqual(['npm ci', 'npm run build'])
    expect(runs(runtime).some((command) => /^npm ci --omit=dev( |$)/.test(command))).toBe(true)
    expect(
      runtime.instructions.some(
        (i) => i.keyword === 'COPY' && /^--from=build \/app\/dist /.test(i.args),
      ),
    ).toBe(true)
  })

  it('runs only npm scripts package.json has', () => {
    const scripts = stages
      .flatMap(runs)
      .flatMap((command) =>
        [...command.matchAll(/\bnpm run (?:--\S+ )*([\w:-]+)/g)].map((match) => match[1] ?? ''),
      )
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) expect(Object.keys(packageJson.scripts)).toContain(script)
  })

  it('runs as a user other than root, in production mode, on the port it exposes', () => {
    expect(only(runtime, 'USER').args).not.toMatch(/^(root|0)(:|$)/)
    expect(imageEnv.get('NODE_ENV')).toBe('production')
    // Listening on every interface of the container (the server's default is loopback only).
    expect(imageEnv.get('HOST')).toBe('0.0.0.0')
    expect(only(runtime, 'EXPOSE').args).toBe(imageEnv.get('PORT'))
    for (const name of imageEnv.keys())
      if (name !== 'NODE_ENV') expect(settingNames, `ENV ${name}`).toContain(name)
  })

  it("starts the build's server as `npm start` does, which the README's Deploying section names", () => {
    // npm start → scripts/start.mjs, which (once the build exists) imports BUILD_DIR/server/main.js.
    expect(packageJson.scripts.start).toMatch(/\bnode scripts\/start\.mjs$/)
    const start = read('scripts/start.mjs')
    const buildDir = /process\.env\.BUILD_DIR \|\| '([^']+)'/.exec(start)?.[1]
    const entry = /join\(buildDir, '([^']+)'\)/.exec(start)?.[1]
    expect([buildDir, entry]).toEqual(['dist', 'server/main.js'])
    expect(cmd).toEqual(['node', `${buildDir}/${entry}`])
    const readme = read('README.md')
    const deploying = readme.slice(readme.indexOf('### Deploying'), readme.indexOf('\n## Scripts'))
    expect(deploying.includes(`starts \`${cmd.join(' ')}\``), 'README, Deploying: the CMD').toBe(
      true,
    )
    // `npm run db:migrate` is the same start with --migrate.
    expect(packageJson.scripts['db:migrate']).toMatch(/\bnode scripts\/start\.mjs --migrate$/)
  })

  it('checks liveness with node on /livez, and starts through the DATABASE_URL guard', () => {
    expect(healthcheck[0]).toBe('node')
    expect(healthcheck.join(' ')).toContain('/livez')
    expect(entrypoint).toEqual(['docker-entrypoint.sh'])
    expect(
      runtime.instructions.some(
        (i) =>
          i.keyword === 'COPY' &&
          i.args === 'deploy/docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh',
      ),
    ).toBe(true)
    accessSync(entrypointScript, constants.X_OK)
  })

  it('keeps local state, secrets and installed files out of the build context', () => {
    const ignored = read('.dockerignore').split('\n')
    for (const path of ['.git', 'node_modules', 'dist', 'data', '.env', '.tmp'])
      expect(ignored).toContain(path)
  })
})

describe('the entrypoint and the health check, run', () => {
  it('refuses to start without DATABASE_URL, and otherwise runs the command as it is', () => {
    const { DATABASE_URL: _, ...withoutDatabase } = process.env
    const refused = spawnSync('sh', [entrypointScript, 'node', '-e', 'process.exit(0)'], {
      env: withoutDatabase,
      encoding: 'utf8',
    })
    expect(refused.status).toBe(64)
    expect(refused.stderr).toContain('DATABASE_URL is required')
    const ran = spawnSync('sh', [entrypointScript, 'node', '-e', 'process.exit(7)'], {
      env: { ...withoutDatabase, DATABASE_URL: 'postgres://agency@postgres/agency' },
    })
    expect(ran.status).toBe(7)
  })

  it('the health check passes on a 200 from /livez only', async () => {
    let status = 200
    const probed: string[] = []
    const livez: Server = createServer((request, response) => {
      probed.push(request.url ?? '')
      response.writeHead(status).end()
    })
    await new Promise<void>((done) => livez.listen(0, '127.0.0.1', done))
    const port = String((livez.address() as AddressInfo).port)
    const check = (env: Record<string, string>) =>
      new Promise<number | null>((done) => {
        const [command = '', ...args] = healthcheck
        spawn(command, args, { env: { ...process.env, ...env }, stdio: 'ignore' }).once(
          'exit',
          done,
        )
      })
    try {
      expect(await check({ PORT: port })).toBe(0)
      status = 503
      expect(await check({ PORT: port })).toBe(1)
      expect(probed).toEqual(['/livez', '/livez'])
    } finally {
      await new Promise((done) => livez.close(done))
    }
    // Nothing listening: unhealthy, not a hang.
    expect(await check({ PORT: String(await freePort()) })).toBe(1)
  })
})

describe('compose.yaml', () => {
  it('has the database, the migrations, two instances, the proxy and the mail catcher', () => {
    for (const name of ['postgres', 'migrate', ...instances, 'proxy', 'mailpit'])
      expect(Object.keys(compose.services)).toContain(name)
    expect(service('postgres').image).toMatch(/^postgres:/)
    expect(service('proxy').image).toMatch(/^nginx:/)
    expect(service('mailpit').image).toMatch(/^axllent\/mailpit:/)
    expect(service('proxy').volumes).toContain(
      './deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro',
    )
  })

  it('sets only variables the server reads, and what the image needs to start', () => {
    for (const name of [...imageServices, 'tools']) {
      const environment = service(name).environment ?? {}
      for (const variable of Object.keys(environment))
        expect(settingNames, `${name}: ${variable}`).toContain(variable)
    }
    for (const name of imageServices) {
      const environment = { ...Object.fromEntries(imageEnv), ...service(name).environment }
      for (const variable of ['DATABASE_URL', 'TOTP_ENCRYPTION_KEY', 'PUBLIC_URL', 'SMTP_URL'])
        expect(environment, `${name}: ${variable}`).toHaveProperty(variable)
      // The server's own reading of it: valid values, and the key DATABASE_URL requires.
      const config = readConfig(environment, { clientDir: '/app/dist/client' })
      expect(factorKeyOf(config)).toHaveLength(32)
    }
  })

  it('runs `npm run db:migrate` with the image once, before the instances, which do not migrate', () => {
    expect(service('migrate').command).toEqual([...cmd, '--migrate'])
    expect(service('migrate').depends_on).toEqual({ postgres: { condition: 'service_healthy' } })
    for (const name of instances) {
      expect(service(name).command).toBeUndefined()
      expect(service(name).environment?.MIGRATE_ON_START).toBe('false')
      expect(service(name).depends_on).toMatchObject({
        migrate: { condition: 'service_completed_successfully' },
      })
    }
  })

  it('reaches the database and the mail catcher by their service names', () => {
    const postgres = service('postgres').environment ?? {}
    for (const name of imageServices) {
      const environment = service(name).environment ?? {}
      const database = new URL(environment.DATABASE_URL ?? '')
      expect([database.hostname, database.username, database.password, database.pathname]).toEqual([
        'postgres',
        postgres.POSTGRES_USER,
        postgres.POSTGRES_PASSWORD,
        `/${postgres.POSTGRES_DB}`,
      ])
      expect(new URL(environment.SMTP_URL ?? '').hostname).toBe('mailpit')
    }
  })

  /** The settings an instance of `file` reads: the image's environment, then the service's. */
  const configOf = (file: ComposeFile, name: string) =>
    readConfig(
      { ...Object.fromEntries(imageEnv), ...file.services[name]?.environment },
      { clientDir: '/app/dist/client' },
    )

  it('receives replies by email once INBOUND_MAIL_DOMAIN is set: every instance listens on the port app1 publishes', () => {
    for (const name of instances) expect(configOf(compose, name).inbound).toBeUndefined()
    const on = readCompose(read('compose.yaml'), {
      ...secrets,
      INBOUND_MAIL_DOMAIN: 'reply.example.com',
      INBOUND_SMTP_PUBLISH: '25',
    })
    for (const name of instances)
      expect(configOf(on, name).inbound).toEqual({ port: 2525, domain: 'reply.example.com' })
    // Published on the host's port 25 (the MX), or loopback to try it; into the listener's port,
    // which listens on the image's HOST, every address.
    expect(on.services.app1?.ports).toEqual(['25:2525'])
    expect(service('app1').ports).toEqual(['127.0.0.1:2525:2525'])
    expect(imageEnv.get('HOST')).toBe('0.0.0.0')
    // Only app1 publishes it: two containers cannot take one host port.
    expect(service('app2').ports).toBeUndefined()
  })

  it("keeps the file bytes in PostgreSQL unless FILE_STORAGE=s3, then in the s3 profile's bucket, made with the instances' key", () => {
    for (const name of [...imageServices, 'tools'])
      expect([name, configOf(compose, name).fileStorage, configOf(compose, name).bucket]).toEqual([
        name,
        'postgres',
        undefined,
      ])
    const key = { accessKeyId: 'agency', secretAccessKey: 'ab'.repeat(16) }
    const s3 = readCompose(read('compose.yaml'), {
      ...secrets,
      FILE_STORAGE: 's3',
      S3_BUCKET: 'agency-files',
      S3_ACCESS_KEY_ID: key.accessKeyId,
      S3_SECRET_ACCESS_KEY: key.secretAccessKey,
    })
    const store = (name: string) => s3.services[name] ?? service(name)
    // The instances, the migrations and `npm run files:move` (tools) all reach the bucket.
    for (const name of [...imageServices, 'tools']) {
      const config = configOf(s3, name)
      expect([name, config.fileStorage]).toEqual([name, 's3'])
      expect(config.bucket).toMatchObject({
        endpoint: 'http://minio:9000',
        bucket: 'agency-files',
        credentials: key,
        forcePathStyle: true,
      })
    }
    // MinIO and the bucket's creation run only with `--profile s3`.
    expect(store('minio').profiles).toEqual(['s3'])
    expect(store('minio').image).toMatch(/^minio\/minio:RELEASE\./)
    expect(store('minio').environment).toMatchObject({
      MINIO_ROOT_USER: key.accessKeyId,
      MINIO_ROOT_PASSWORD: key.secretAccessKey,
    })
    expect(store('minio-bucket').profiles).toEqual(['s3'])
    const host = new URL(store('minio-bucket').environment?.MC_HOST_bucket ?? '')
    expect([host.host, host.username, host.password]).toEqual([
      'minio:9000',
      key.accessKeyId,
      key.secretAccessKey,
    ])
    expect(store('minio-bucket').command).toEqual([
      'mb',
      '--ignore-existing',
      'bucket/agency-files',
    ])
    for (const name of ['postgres', 'migrate', ...instances, 'proxy', 'mailpit'])
      expect(service(name).profiles).toBeUndefined()
  })

  it('is explained in the README: replies by email and the bucket profile', () => {
    const readme = read('README.md')
    const deploying = readme.slice(readme.indexOf('### Deploying'), readme.indexOf('\n## Scripts'))
    for (const needed of [
      'INBOUND_MAIL_DOMAIN=',
      'INBOUND_SMTP_PUBLISH=25',
      '--profile s3',
      'FILE_STORAGE=s3',
    ])
      expect(deploying, needed).toContain(needed)
  })

  it('trusts exactly the proxy as the hop that sets X-Forwarded-For', () => {
    const networks = service('proxy').networks
    const proxyAddress =
      networks && !Array.isArray(networks) ? networks.internal?.ipv4_address : undefined
    expect(proxyAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/)
    const subnet = compose.networks?.internal?.ipam?.config?.[0]?.subnet ?? ''
    expect(proxyAddress?.startsWith(subnet.replace(/\.0\/24$/, '.'))).toBe(true)
    for (const name of instances) expect(service(name).environment?.TRUST_PROXY).toBe(proxyAddress)
  })
})

describe('deploy/nginx.conf', () => {
  it('passes nginx-linter', () => {
    const linted = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/nginx-linter/bin/nginx-linter.js'),
        '--include',
        join(root, 'deploy/nginx.conf'),
      ],
      { encoding: 'utf8' },
    )
    expect(linted.status, linted.stdout + linted.stderr).toBe(0)
  })

  it('sends every request to the two instances, with the forwarded headers the server reads', () => {
    const upstream = directives(nginx, 'upstream')[0]
    expect(upstream?.args).toEqual(['app'])
    expect(directives(upstream?.children ?? [], 'server').map((s) => s.args[0])).toEqual(
      instances.map((name) => `${name}:${imageEnv.get('PORT')}`),
    )
    for (const path of ['/', '/en/services', endpoints.uploadFile.path, ...streamPaths]) {
      const served = location(path)
      expect(valueAt(served, 'proxy_pass'), path).toBe('http://app')
      const headers = Object.fromEntries(
        inForce(server, served, 'proxy_set_header').map((header) => [
          header.args[0],
          header.args[1],
        ]),
      )
      expect(headers, path).toMatchObject({
        Host: '$host',
        // Overwritten, not appended: a client's own X-Forwarded-For never reaches the server.
        'X-Forwarded-For': '$remote_addr',
        'X-Forwarded-Proto': '$scheme',
        'X-Request-Id': '$request_id',
      })
    }
  })

  it("takes a body as large as the server's, an upload as large as a file may be", () => {
    expect(bytesOf(value(server.children, 'client_max_body_size'))).toBe(maxBodyBytes)
    expect(bytesOf(valueAt(upload, 'client_max_body_size'))).toBe(threadLimits.fileBytes)
    expect(valueAt(upload, 'proxy_request_buffering')).toBe('off')
  })

  it("waits as long as the server's time limits, and no longer for a byte of an upload", () => {
    const limits = defaultHttpLimits
    expect(millisecondsOf(value(server.children, 'client_header_timeout'))).toBe(
      limits.headersTimeoutMs,
    )
    expect(millisecondsOf(value(server.children, 'proxy_read_timeout'))).toBeGreaterThan(
      limits.requestTimeoutMs,
    )
    expect(millisecondsOf(valueAt(upload, 'client_body_timeout'))).toBe(limits.uploadIdleTimeoutMs)
    expect(millisecondsOf(valueAt(upload, 'proxy_read_timeout'))).toBeGreaterThan(
      limits.uploadTimeoutMs,
    )
    // nginx closes an idle connection to an instance before the instance does.
    const upstream = directives(nginx, 'upstream')[0]?.children ?? []
    expect(millisecondsOf(value(upstream, 'keepalive_timeout'))).toBeLessThan(
      limits.keepAliveTimeoutMs,
    )
  })

  it('passes every live event stream on unbuffered', () => {
    expect(streamPaths.length).toBeGreaterThanOrEqual(3)
    for (const path of streamPaths)
      expect(valueAt(location(path), 'proxy_buffering'), path).toBe('off')
    expect(directives(location('/').children, 'proxy_buffering')).toEqual([])
  })
})

/**
 * The image's commands as compose runs them, without the image: a folder standing for /app with
 * the build as its `dist`, the entrypoint, compose's migrate command, then the Dockerfile's CMD
 * with the instances' environment, and its HEALTHCHECK.
 */
describe('the image commands against a real build', () => {
  const [embedded] = testBackends()
  if (!embedded) throw new Error('No test database')
  let buildDir = ''
  let app = ''
  let database: TestDatabase | undefined
  const started: ChildProcess[] = []

  beforeAll(async () => {
    buildDir = await sharedServerBuild()
    app = mkdtempSync(join(root, '.tmp', 'image-app-'))
    symlinkSync(buildDir, join(app, 'dist'))
    // Empty: the migrate service applies every migration.
    const first = migrations[0]
    if (!first) throw new Error('No migrations')
    database = await createTestDatabase(embedded, 2, { before: first.tag, all: migrations })
  }, 180_000)
  afterAll(async () => {
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await database?.drop()
    if (app) rmSync(app, { recursive: true, force: true })
  })

  function run(command: readonly string[], env: Record<string, string>) {
    const output: string[] = []
    const child = spawn('sh', [entrypointScript, ...command], {
      cwd: app,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    started.push(child)
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    return { child, output }
  }

  it("needs no development dependency: the image installs only package.json's dependencies", () => {
    const { dependencies } = JSON.parse(read('package.json')) as {
      dependencies: Record<string, string>
    }
    const bundle = readdirSync(join(buildDir, 'server'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(buildDir, 'server', file), 'utf8'))
      .join('\n')
    // The bundle's own import statements (at a line's start) and dynamic imports: never words
    // inside its strings (SQL has `from` too).
    const specifiers = [
      ...bundle.matchAll(/^import\s(?:[^;"']*?\sfrom\s*)?["']([^"']+)["'];?$/gm),
      ...bundle.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
    ].map((match) => match[1] ?? '')
    const imported = new Set(
      specifiers
        .filter((specifier) => !specifier.startsWith('node:') && !specifier.startsWith('.'))
        // `@scope/name/sub` and `name/sub` belong to `@scope/name` and `name`.
        .map((specifier) =>
          specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/'),
        ),
    )
    expect(imported.size).toBeGreaterThan(5)
    for (const name of imported) expect(Object.keys(dependencies), name).toContain(name)
  })

  it('migrates with the migrate command, starts with CMD, and the health check passes', async () => {
    if (!database) throw new Error('No database')
    const port = String(await freePort())
    const metricsPort = String(await freePort())
    const environment = (name: string) => ({
      ...Object.fromEntries(imageEnv),
      ...service(name).environment,
      DATABASE_URL: databaseUrlOf(database?.connection ?? {}),
      // Loopback here, where the image listens on every interface of its container.
      HOST: '127.0.0.1',
      PORT: port,
      PUBLIC_URL: `http://localhost:${port}`,
      METRICS_PORT: metricsPort,
      // No SMTP server in this test: the mail stays in the outbox.
      SMTP_URL: '',
    })

    const migrate = run(service('migrate').command ?? [], environment('migrate'))
    expect(await exited(migrate.child, 60_000), migrate.output.join('')).toBe(0)
    expect(migrate.output.join('')).toContain('"event":"db.migrated"')

    const instance = run(cmd, environment('app1'))
    await expect
      .poll(
        async () => {
          if (instance.child.exitCode !== null) throw new Error(instance.output.join(''))
          return fetch(`http://127.0.0.1:${port}/readyz`).then(
            (answer) => answer.status,
            () => 0,
          )
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe(200)
    const [command = '', ...args] = healthcheck
    const checked = spawnSync(command, args, { env: { ...process.env, PORT: port } })
    expect(checked.status).toBe(0)

    instance.child.kill('SIGTERM')
    expect(await exited(instance.child, 30_000), instance.output.join('')).toBe(0)
  }, 180_000)
})
