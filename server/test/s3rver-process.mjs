// The tests' S3 endpoint in a process of its own (server/test/test-bucket.ts starts it): s3rver
// on a free loopback port, objects under the directory given as the first argument, one bucket
// (the second). Prints `{"port":…}` once listening; stops on SIGTERM.
import S3rver from 's3rver'

const [directory, bucket] = process.argv.slice(2)
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory,
  silent: true,
  configureBuckets: [{ name: bucket }],
})
const { port } = await server.run()
process.stdout.write(`${JSON.stringify({ port })}\n`)
process.once('SIGTERM', () => {
  void server.close().finally(() => process.exit(0))
})
