// `npm run bench:password`: what the server's password check (server/security/password-policy.ts)
// costs in CPU time for the costliest kind of password, short, at the estimated prefix's length
// and at the longest the schema lets through. A measurement, not a test: its figure depends on
// the machine and on what else runs on it. The tests prove what bounds it (the estimator never
// sees more than `checkedLength` characters). The modules load through Vite, as in
// scripts/machines-diagrams.ts, so their Lingui macros are compiled.
import { resolve } from 'node:path'
import { createServer } from 'vite'
import type { passwordLength as PasswordLength } from '../domain/validation/field-rules'
import type * as PasswordPolicy from '../server/security/password-policy'
import { costlyPassword } from './costly-password'

const root = resolve(import.meta.dirname, '..')
const personal = ['marisol.quintana@example.com', 'Marisol', 'Quintana']
const runs = 20

const vite = await createServer({
  root,
  logLevel: 'warn',
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: 'custom',
})
try {
  const { checkPassword, checkedLength } = (await vite.ssrLoadModule(
    '/server/security/password-policy.ts',
  )) as typeof PasswordPolicy
  const { passwordLength } = (await vite.ssrLoadModule('/domain/validation/field-rules.ts')) as {
    passwordLength: typeof PasswordLength
  }

  /** Median CPU milliseconds of `runs` checks of `password`. */
  const cpuMs = async (password: string): Promise<number> => {
    const samples: number[] = []
    for (let n = 0; n < runs; n += 1) {
      const before = process.cpuUsage()
      await checkPassword(password, personal)
      const used = process.cpuUsage(before)
      samples.push((used.user + used.system) / 1000)
    }
    samples.sort((a, b) => a - b)
    return samples[Math.floor(samples.length / 2)] ?? 0
  }

  await checkPassword('warm up the dictionaries')
  for (const length of [16, checkedLength, passwordLength.max]) {
    const ms = await cpuMs(costlyPassword(length))
    console.log(
      `password check, ${String(length).padStart(3)} characters: ${ms.toFixed(1)} ms of CPU (median of ${runs})`,
    )
  }
} finally {
  await vite.close()
}
