// Loaded into each server `npm run bench:api` measures (`node --import`), never into a server
// otherwise: over the IPC channel the benchmark opens, answers `cpu-usage` with the process's
// own process.cpuUsage() (user and system µs), so CPU time per request is read exactly, from
// inside, on any platform. The channel is unreferenced: it never keeps the server from exiting.
if (process.send) {
  process.on('message', (message) => {
    if (message === 'cpu-usage') process.send?.({ cpuUsage: process.cpuUsage() })
  })
  process.channel?.unref()
}
