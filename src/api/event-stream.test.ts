import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeEventSource } from '../../tests/doubles/fake-event-source'
import { listenToEvents, reopenFirstMs, reopenMaxMs } from './event-stream'

afterEach(() => vi.unstubAllGlobals())

const path = '/api/v1/admin/events'

describe('listening to an event stream', () => {
  it('hands each named event its JSON data and skips data that is not JSON', () => {
    const stream = installFakeEventSource()
    const seen: unknown[] = []
    const stop = listenToEvents(path, { thread: (data) => seen.push(data) })
    stream.emit(path, 'thread', { unansweredThreads: 2 })
    stream.emit(path, 'other', { unansweredThreads: 9 })
    for (const source of stream.streams(path))
      for (const listener of source.listeners.get('thread') ?? [])
        listener(new MessageEvent('thread', { data: 'not json' }))
    expect(seen).toEqual([{ unansweredThreads: 2 }])
    stop()
    expect(stream.streams(path)).toHaveLength(0)
  })

  it('shares one connection between the listeners of a path, closed after the last stops', () => {
    const stream = installFakeEventSource()
    const badge: unknown[] = []
    const list: unknown[] = []
    const stopBadge = listenToEvents(path, { thread: (data) => badge.push(data) })
    const stopList = listenToEvents(path, { thread: (data) => list.push(data) })
    const other = listenToEvents('/api/v1/me/service-requests/r1/events', { message: () => {} })
    expect(stream.streams(path)).toHaveLength(1)

    stream.emit(path, 'thread', 1)
    stopBadge()
    stopBadge() // a second stop changes nothing: the list still listens
    stream.emit(path, 'thread', 2)
    expect(badge).toEqual([1])
    expect(list).toEqual([1, 2])
    expect(stream.streams(path)).toHaveLength(1)

    stopList()
    expect(stream.streams(path)).toHaveLength(0)
    expect(stream.streams('/r1/events')).toHaveLength(1)
    other()

    // A listener after the stream closed opens a new connection.
    const again = listenToEvents(path, { thread: () => {} })
    expect(stream.streams(path)).toHaveLength(1)
    again()
  })

  it('opens a stream the server refused again later, after the last event received', () => {
    vi.useFakeTimers()
    try {
      const stream = installFakeEventSource()
      const seen: unknown[] = []
      const stop = listenToEvents(path, { thread: (data) => seen.push(data) })
      const [first] = stream.streams(path)
      if (!first) throw new Error('no stream opened')
      stream.opened(first)
      stream.emit(path, 'thread', 1, '41')
      // 429: past the account's cap of open streams. The browser gives up; the page does not.
      stream.refuse(first)
      expect(stream.streams(path)).toHaveLength(0)
      vi.advanceTimersByTime(reopenFirstMs - 1)
      expect(stream.streams(path)).toHaveLength(0)
      vi.advanceTimersByTime(1)
      const [second] = stream.streams(path)
      expect(second?.url).toMatch(/\/api\/v1\/admin\/events\?lastEventId=41$/)
      if (!second) throw new Error('not opened again')

      // Refused again: twice as long before the next try.
      stream.refuse(second)
      vi.advanceTimersByTime(reopenFirstMs)
      expect(stream.streams(path)).toHaveLength(0)
      vi.advanceTimersByTime(reopenFirstMs)
      const [third] = stream.streams(path)
      if (!third) throw new Error('not opened a third time')
      stream.opened(third)
      stream.emit(path, 'thread', 2, '42')
      expect(seen).toEqual([1, 2])

      // Once a stream opened, the next refusal waits the shortest time again.
      stream.refuse(third)
      vi.advanceTimersByTime(reopenFirstMs)
      expect(stream.streams(path)[0]?.url).toMatch(/lastEventId=42$/)
      stop()
      expect(stream.streams(path)).toHaveLength(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('stops trying once nobody listens, and backs off to at most five minutes', () => {
    vi.useFakeTimers()
    try {
      const stream = installFakeEventSource()
      const stop = listenToEvents(path, { thread: () => {} })
      let waited = 0
      for (let round = 0; round < 8; round += 1) {
        const [source] = stream.streams(path)
        if (!source) throw new Error('not opened')
        stream.refuse(source)
        const wait = Math.min(reopenFirstMs * 2 ** round, reopenMaxMs)
        vi.advanceTimersByTime(wait)
        waited = wait
      }
      expect(waited).toBe(reopenMaxMs)
      const [last] = stream.streams(path)
      if (!last) throw new Error('not opened')
      stream.refuse(last)
      stop()
      vi.advanceTimersByTime(reopenMaxMs * 2)
      expect(stream.streams(path)).toHaveLength(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('opens a refused stream at once for a listener who arrives meanwhile, for every listener', () => {
    vi.useFakeTimers()
    try {
      const stream = installFakeEventSource()
      const first: unknown[] = []
      const second: unknown[] = []
      const stopFirst = listenToEvents(path, { thread: (data) => first.push(data) })
      const [refused] = stream.streams(path)
      if (!refused) throw new Error('no stream opened')
      stream.refuse(refused)
      const stopSecond = listenToEvents(path, { thread: (data) => second.push(data) })
      const [fresh] = stream.streams(path)
      expect(fresh).toBeDefined()
      expect(fresh).not.toBe(refused)
      stream.emit(path, 'thread', 3)
      expect(first).toEqual([3])
      expect(second).toEqual([3])
      // The timer the refusal set does not open a second connection.
      vi.advanceTimersByTime(reopenMaxMs)
      expect(stream.streams(path)).toEqual([fresh])
      stopFirst()
      stopSecond()
      expect(stream.streams(path)).toHaveLength(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('does nothing where the browser has no EventSource', () => {
    vi.stubGlobal('EventSource', undefined)
    const stop = listenToEvents(path, { thread: () => {} })
    expect(() => stop()).not.toThrow()
  })
})
