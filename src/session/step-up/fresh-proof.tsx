import { useMachine } from '@xstate/react'
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { proofCancelled, type StepUpMethod, stepUpMachine } from '../../../machines/step-up-machine'
import { callEndpoint } from '../../api/call-endpoint'
import { signWithPasskey } from '../../api/passkey-ceremony'
import { failureAnswer } from '../../domain/api/api-contract'
import { inspectorOptions } from '../../ui/machine-inspector'
import { StepUpDialog } from './step-up-dialog'

/**
 * Fresh proof before sensitive actions: `useFreshProof()` gives `withProof(call)`, which makes
 * the call and, when the server answers 403 `reauthentication_required`, opens the one step-up
 * dialog of the page (stepUpMachine) and makes the call again once the visitor has proven it is
 * them — or rejects with `proofCancelled()` when they decline (the machines read that as "back
 * where you were", not as a failure). Several calls waiting at once share one dialog.
 */
export type WithProof = <T>(call: () => Promise<T>) => Promise<T>

const FreshProofContext = createContext<WithProof>((call) => call())

export function useFreshProof(): WithProof {
  return useContext(FreshProofContext)
}

/** What the account can prove itself with: always its password, then its factors. */
async function accountMethods(): Promise<readonly StepUpMethod[]> {
  try {
    const factors = await callEndpoint('factors')
    return [
      'password',
      ...(factors.totp || factors.recoveryCodesLeft > 0 ? (['code'] as const) : []),
      ...(factors.passkeys.length > 0 ? (['passkey'] as const) : []),
    ]
  } catch {
    return ['password']
  }
}

type Waiting = { readonly proven: Promise<void>; settle: (proven: boolean) => void }

export function FreshProofProvider({ children }: { readonly children: ReactNode }) {
  const waiting = useRef<Waiting | undefined>(undefined)
  const settle = (proven: boolean) => {
    const current = waiting.current
    waiting.current = undefined
    current?.settle(proven)
  }
  const [machine] = useState(() =>
    stepUpMachine.provide({
      actors: {
        reauthenticate: fromPromise(({ input }) => callEndpoint('reauthenticate', input)),
        passkeyProof: fromPromise(async () => {
          const { options } = await callEndpoint('reauthenticatePasskeyOptions', {})
          const response = await signWithPasskey(options)
          return callEndpoint('reauthenticatePasskey', { response })
        }),
      },
      actions: { prove: () => settle(true), decline: () => settle(false) },
    }),
  )
  const [snapshot, send] = useMachine(machine, inspectorOptions)

  const proof = useCallback((): Promise<void> => {
    if (waiting.current) return waiting.current.proven
    let settleNow: (proven: boolean) => void = () => {}
    const proven = new Promise<void>((resolve, reject) => {
      settleNow = (ok) => (ok ? resolve() : reject(proofCancelled()))
    })
    waiting.current = { proven, settle: settleNow }
    void accountMethods().then((methods) => send({ type: 'ask', methods }))
    return proven
  }, [send])

  const withProof = useCallback<WithProof>(
    async (call) => {
      try {
        return await call()
      } catch (error) {
        if (failureAnswer(error)?.code !== 'reauthentication_required') throw error
        await proof()
        return call()
      }
    },
    [proof],
  )

  return (
    <FreshProofContext.Provider value={withProof}>
      {children}
      {snapshot.matches('closed') ? null : <StepUpDialog snapshot={snapshot} send={send} />}
    </FreshProofContext.Provider>
  )
}
