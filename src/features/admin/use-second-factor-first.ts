import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { failureAnswer } from '../../../domain/api/api-contract'

/**
 * An admin without a second factor (or whose session proved none) is sent to set one up in the
 * profile's security section, which then leads back here.
 */
export function useSecondFactorFirst(error: unknown): void {
  useSecondFactorSetup(failureAnswer(error)?.code === 'mfa_required')
}

/** The same, once a form's machine says the gate asked for it (`needed`). */
export function useSecondFactorSetup(needed: boolean): void {
  const navigate = useNavigate()
  useEffect(() => {
    if (needed) void navigate({ to: '/profile', search: { setup: 'admin' }, hash: 'security' })
  }, [needed, navigate])
}
