import net from 'node:net'

/**
 * A loopback TCP proxy in front of a PostgreSQL server that the tests share (CI's Debian
 * PostgreSQL): it can play the faults that cannot be done to that server itself without
 * disturbing the other test files. Frozen, it stops forwarding bytes in both directions and keeps
 * every socket open (new connections are accepted and wait): from the client's side, exactly a
 * hung server. Down, it resets every connection and refuses new ones, like a stopped server.
 */
export type FreezableProxy = {
  readonly host: string
  readonly port: number
  freeze(): void
  /** Delivers what was held back, in order, and forwards again. */
  thaw(): void
  down(): Promise<void>
  up(): Promise<void>
  close(): Promise<void>
}

export async function startFreezableProxy(target: {
  host: string
  port: number
}): Promise<FreezableProxy> {
  let frozen = false
  let held: Array<() => void> = []
  const sockets = new Set<net.Socket>()
  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  }
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk: Buffer) => {
      const send = () => {
        if (!to.destroyed) to.write(chunk)
      }
      if (frozen) held.push(send)
      else send()
    })
    // A side that ends or fails takes its partner with it (as a server's exit would).
    from.on('close', () => to.destroy())
    from.on('error', () => to.destroy())
  }
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host)
    track(client)
    track(upstream)
    forward(client, upstream)
    forward(upstream, client)
  })
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve((server.address() as net.AddressInfo).port)
      })
    })
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve()
      server.close(() => resolve())
      for (const socket of sockets) socket.destroy()
      held = []
    })
  const port = await listen(0)
  return {
    host: '127.0.0.1',
    port,
    freeze() {
      frozen = true
    },
    thaw() {
      frozen = false
      const pending = held
      held = []
      for (const send of pending) send()
    },
    down: stopListening,
    async up() {
      await listen(port)
    },
    close: stopListening,
  }
}
