import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeEventSource } from '../../tests/doubles/fake-event-source'
import { listenToEvents } from './event-stream'

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

  it('opens a new connection beside one the browser gave up', () => {
    const stream = installFakeEventSource()
    const first: unknown[] = []
    const second: unknown[] = []
    const stopFirst = listenToEvents(path, { thread: (data) => first.push(data) })
    const [refused] = stream.streams(path)
    if (!refused) throw new Error('no stream opened')
    // As when the server answers 401: the browser closes the stream and does not reconnect.
    refused.readyState = 2
    const stopSecond = listenToEvents(path, { thread: (data) => second.push(data) })
    const [, fresh] = stream.streams(path)
    expect(fresh).toBeDefined()
    expect(fresh).not.toBe(refused)
    stopFirst()
    expect(stream.streams(path)).toEqual([fresh])
    stream.emit(path, 'thread', 3)
    expect(second).toEqual([3])
    expect(first).toEqual([])
    stopSecond()
    expect(stream.streams(path)).toHaveLength(0)
    // Another listener now opens a connection of its own again.
    listenToEvents(path, { thread: () => {} })()
  })

  it('does nothing where the browser has no EventSource', () => {
    vi.stubGlobal('EventSource', undefined)
    const stop = listenToEvents(path, { thread: () => {} })
    expect(() => stop()).not.toThrow()
  })
})
