import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startSmtpCatcher } from '../../server/test/smtp-catcher'
import { launchSharedChromium, resolveChromium, sharedChromiumVariable } from './browser'
import { instanceSettings } from './instance-settings'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    dataDir: string
    /** Where the loopback SMTP server saves the mail the app sends (one .eml per message). */
    mailDir: string
    /** The build the server runs (client/, pages/, chunks.json). */
    buildDir: string
    /** The loopback SMTP server's address, for a second instance (second-instance.ts). */
    smtpUrl: string
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`)
    try {
      const response = await fetch(`${url}/healthz`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The server did not become healthy within ${timeoutMs} ms`)
}

/** Builds once, starts `npm start`'s server on a free port with a throw-away data directory. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  resolveChromium() // fail early, with instructions, when there is no browser
  // A build of its own per run (BUILD_DIR), so parallel runs never serve each other's files.
  // Inside the repository, so the server bundle resolves node_modules.
  mkdirSync('.tmp', { recursive: true })
  const reuse = process.env.E2E_BUILD_DIR || undefined
  const buildDir = reuse ?? mkdtempSync(join(process.cwd(), '.tmp', 'e2e-build-'))
  if (!reuse) {
    const build = spawnSync('node', ['scripts/build.mjs'], {
      stdio: 'inherit',
      env: { ...process.env, BUILD_DIR: buildDir },
    })
    if (build.status !== 0) throw new Error('The build failed')
  }
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-e2e-data-'))
  // A real SMTP server on loopback; the recovery mails it receives land in mailDir as .eml files.
  const mailDir = mkdtempSync(join(tmpdir(), 'agency-e2e-mail-'))
  const smtp = await startSmtpCatcher({ saveTo: mailDir })
  // `localhost`, not an IP address: passkeys need a domain as their relying party (PUBLIC_URL).
  const baseURL = `http://localhost:${port}`
  // The server's structured log joins the run's log, which `npm test` audits afterwards.
  mkdirSync('.tmp/test-logs', { recursive: true })
  const log = openSync(join('.tmp/test-logs', `e2e-server-${process.pid}.ndjson`), 'a')
  const server = spawn('node', ['scripts/start.mjs'], {
    env: {
      ...process.env,
      BUILD_DIR: buildDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      SMTP_URL: smtp.url,
      ...instanceSettings,
    },
    stdio: ['ignore', log, 'inherit'],
  })
  await waitForHealth(baseURL, server, 90_000)
  project.provide('baseURL', baseURL)
  project.provide('dataDir', dataDir)
  project.provide('mailDir', mailDir)
  project.provide('buildDir', buildDir)
  project.provide('smtpUrl', smtp.url)
  // One Chromium for every file (each file its own contexts), set after the server started so
  // that neither it nor its children see the variable.
  const chromium = await launchSharedChromium()
  process.env[sharedChromiumVariable] = chromium.wsEndpoint()

  return async () => {
    delete process.env[sharedChromiumVariable]
    await chromium.close()
    server.kill('SIGTERM')
    await new Promise((resolve) => {
      if (server.exitCode !== null) resolve(undefined)
      else server.once('exit', resolve)
      setTimeout(resolve, 10_000).unref()
    })
    await smtp.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(mailDir, { recursive: true, force: true })
    if (!reuse) rmSync(buildDir, { recursive: true, force: true })
  }
}
