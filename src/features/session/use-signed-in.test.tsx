import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { setSession } from './session'
import { useSignedIn } from './use-signed-in'

afterEach(() => setSession(null))

describe('useSignedIn', () => {
  it('is false while nobody has signed in, and follows the session both ways', () => {
    const { result } = renderHook(() => useSignedIn())
    expect(result.current).toBe(false)
    act(() => setSession({ user: { name: 'Ana', email: 'ana@example.com' } }))
    expect(result.current).toBe(true)
    act(() => setSession(null))
    expect(result.current).toBe(false)
  })
})
