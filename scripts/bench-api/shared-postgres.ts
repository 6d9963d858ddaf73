// `npm run bench:api`'s database: the embedded PostgreSQL the server would start in DATA_DIR,
// started here instead, so that every server the benchmark compares (metrics off and on …) runs
// at once on the one database, through DATABASE_URL, as instances behind a load balancer do.
// Prints `{"databaseUrl": …}` on one line once it answers; stops it when stdin closes (the
// benchmark ended, however it ended).
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('Usage: tsx scripts/bench-api/shared-postgres.ts DATA_DIR')
const embedded = await startEmbeddedPostgres({ dataDir, log: () => {} })
const { host, port, user, password, database } = embedded.connection
const url = new URL('postgresql://localhost')
url.username = encodeURIComponent(String(user))
url.password = encodeURIComponent(String(password))
url.pathname = `/${database}`
// The server listens on a Unix socket only: its directory goes in `host`.
url.searchParams.set('host', String(host))
url.port = String(port)
console.log(JSON.stringify({ databaseUrl: url.toString() }))
process.stdin.resume()
process.stdin.on('close', () => {
  void embedded.stop().finally(() => process.exit(0))
})
