import { describe, expect, it } from 'vitest'
import { describeRouteError } from './describe-route-error'

describe('describeRouteError', () => {
  it('shows the status of a response-like error, with its text when there is one', () => {
    expect(describeRouteError({ status: 503, statusText: 'Service Unavailable' })).toBe(
      '503 Service Unavailable',
    )
    expect(describeRouteError({ status: 500 })).toBe('500')
  })
  it('otherwise shows the message', () => {
    expect(describeRouteError(new Error('Boom'))).toBe('Boom')
    expect(describeRouteError('plain')).toBe('plain')
  })
})
