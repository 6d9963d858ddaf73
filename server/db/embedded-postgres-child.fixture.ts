// Test fixture (run with tsx by embedded-postgres.test.ts): starts the embedded server in
// DATA_DIR, prints "ready", and waits to be killed, like a server process would.
import { startEmbeddedPostgres } from './embedded-postgres'

const dataDir = process.env.DATA_DIR
if (!dataDir) throw new Error('DATA_DIR is required')
const server = await startEmbeddedPostgres({ dataDir, log: () => {} })
process.on('SIGTERM', () => {
  void server.stop().then(() => process.exit(0))
})
console.log('ready')
setInterval(() => {}, 60_000)
