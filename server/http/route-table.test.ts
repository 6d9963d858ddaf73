import { msg } from '@lingui/core/macro'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { type EndpointName, endpoints } from '../../domain/api/api-contract'
import { apiRoutes } from '../app'
import * as schema from '../db/schema'
import { createThreadHub } from '../live/thread-hub'
import { createHashSlots } from '../security/hash-slots'
import { createRateLimiter } from '../security/rate-limit'
import { createFileBytes } from '../storage/file-bytes'
import {
  type ApiRoute,
  createApiRouter,
  route,
  routeTableProblems,
  routeWithIds,
} from './api-router'
import { defaultRateRules } from './rate-rules'

/** The app's real table, built on a pool that never connects (building a route runs no query). */
function realTable(): ApiRoute[] {
  const pool = new pg.Pool({ host: '127.0.0.1', port: 1 })
  return apiRoutes({
    pool,
    db: drizzle(pool, { schema }),
    xsrfKey: Buffer.alloc(32, 1),
    rateLimiter: createRateLimiter(pool),
    rateRules: defaultRateRules,
    mail: { queued: () => {} },
    trustProxy: { mode: 'hops', hops: 1 },
    hashSlots: createHashSlots(),
    factorKey: Buffer.alloc(32, 2),
    files: createFileBytes({ pool, uploadTo: 'postgres', bucket: undefined }),
    relyingParty: { id: 'localhost', origin: 'http://localhost', name: 'Test' },
    agencyEmail: 'agency@example.com',
    agencyLocale: 'es',
    agencyTimeZone: 'UTC',
    live: createThreadHub({ pool }),
    digestDelaySeconds: 300,
  })
}

const unknownId = msg`Nothing here.`
const answer = () => new Response(null, { status: 204 })
/** A table that routes every endpoint once, with a 404 for each path that has ids. */
const complete = (): ApiRoute[] =>
  (Object.keys(endpoints) as EndpointName[]).map((name) =>
    endpoints[name].path.includes(':')
      ? routeWithIds(name, unknownId, answer)
      : route(name, answer),
  )

describe('the route table', () => {
  it('routes every endpoint of the contract once, each method and path to one endpoint', () => {
    const table = realTable()
    expect(routeTableProblems(table)).toEqual([])
    expect(table.map((row) => row.endpoint).sort()).toEqual(Object.keys(endpoints).sort())
    expect(() => createApiRouter(table)).not.toThrow()
  })

  it('is refused with an endpoint routed twice', () => {
    const table = [...complete(), route('me', answer)]
    expect(routeTableProblems(table)).toEqual(['me: routed twice'])
    expect(() => createApiRouter(table)).toThrow(/me: routed twice/)
  })

  it('is refused with an endpoint of the contract left without a route', () => {
    const table = complete().filter((row) => row.endpoint !== 'uploadFile')
    expect(routeTableProblems(table)).toEqual(['uploadFile: no route'])
  })

  it('is refused with a route the contract does not declare', () => {
    const stray = { endpoint: 'noSuchEndpoint', chain: [answer] } as unknown as ApiRoute
    expect(routeTableProblems([...complete(), stray])).toEqual([
      'noSuchEndpoint: no such endpoint in the contract',
    ])
  })

  it('is refused with a path that has ids but no 404 for a malformed one, and the reverse', () => {
    const table = complete().map((row) =>
      row.endpoint === 'endSession'
        ? route('endSession', answer)
        : row.endpoint === 'me'
          ? routeWithIds('me', unknownId, answer)
          : row,
    )
    expect(routeTableProblems(table).sort()).toEqual([
      'endSession: its ids have no 404',
      'me: a 404 for ids its path lacks',
    ])
  })
})
