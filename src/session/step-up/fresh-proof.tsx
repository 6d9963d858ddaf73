import { useMachine } from '@xstate/react'
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { failureAnswer } from '../../../domain/api/api-contract'
import { proofCancelled, type StepUpMethod, stepUpMachine } from '../../../machines/step-up-machine'
import { callEndpoint } from '../../api/call-endpoint'
import { signWithPasskey } from '../../api/passkey-ceremony'
import { inspectorOptions } from '../../ui/machine-inspector'
import { StepUpDialog } from './step-up-dialog'

/**
 * Fresh proof before sensitive actions: `useFreshProof()` gives `withProof(call)`, which makes
 * the call and, when the server answers 403 `reauthentication_required`, opens the one step-up
 * dialog of the page (stepUpMachine) and makes the call again once the visitor has proven it is
 * them — or rejects with `proofCancelled()` when they decline (the machines read that as "back
 * where you were", not as a failure). Several calls waiting at once share one dialog. A 403
 * `factor_proof_required` (managing the factors of an account that has one) opens the dialog
 * with the account's factors only: the password alone does not do there.
 */
export type WithProof = <T>(call: () => Promise<T>) => Promise<T>
/** Opens the dialog for a proof by a second factor; resolves once proven (`proofCancelled()`). */
export type ProveFactor = () => Promise<void>

/** What the server asked for: any proof, or one by a second factor. */
type ProofKind = 'any' | 'factor'

const FreshProofContext = createContext<WithProof>((call) => call())
const FactorProofContext = createContext<ProveFactor>(async () => {})

export function useFreshProof(): WithProof {
  return useContext(FreshProofContext)
}

/**
 * A proof by a second factor asked for ahead of a call: the inbox's notice uses it for a
 * session that signed in with the password before the account had a factor.
 */
export function useFactorProof(): ProveFactor {
  return useContext(FactorProofContext)
}

/** What the account can prove itself with: its password (unless a factor is asked for), then its factors. */
async function accountMethods(kind: ProofKind): Promise<readonly StepUpMethod[]> {
  const password = kind === 'any' ? (['password'] as const) : []
  try {
    const factors = await callEndpoint('factors')
    return [
      ...password,
      ...(factors.totp || factors.recoveryCodesLeft > 0 ? (['code'] as const) : []),
      ...(factors.passkeys.length > 0 ? (['passkey'] as const) : []),
    ]
  } catch {
    return kind === 'any' ? ['password'] : ['code']
  }
}

const proofKinds: Readonly<Record<string, ProofKind>> = {
  reauthentication_required: 'any',
  factor_proof_required: 'factor',
}

type Waiting = {
  readonly kind: ProofKind
  readonly proven: Promise<void>
  settle: (proven: boolean) => void
}

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

  const proof = useCallback(
    (kind: ProofKind): Promise<void> => {
      const open = waiting.current
      // A proof by a factor does for any; a password proof under way does not for a factor.
      if (open && (open.kind === kind || open.kind === 'factor')) return open.proven
      if (open) return open.proven.then(() => proof(kind))
      let settleNow: (proven: boolean) => void = () => {}
      const proven = new Promise<void>((resolve, reject) => {
        settleNow = (ok) => (ok ? resolve() : reject(proofCancelled()))
      })
      waiting.current = { kind, proven, settle: settleNow }
      void accountMethods(kind).then((methods) => send({ type: 'ask', methods }))
      return proven
    },
    [send],
  )

  const withProof = useCallback<WithProof>(
    async (call) => {
      try {
        return await call()
      } catch (error) {
        const kind = proofKinds[failureAnswer(error)?.code ?? '']
        if (!kind) throw error
        await proof(kind)
        return call()
      }
    },
    [proof],
  )
  const proveFactor = useCallback<ProveFactor>(() => proof('factor'), [proof])

  return (
    <FreshProofContext.Provider value={withProof}>
      <FactorProofContext.Provider value={proveFactor}>
        {children}
        {snapshot.matches('closed') ? null : <StepUpDialog snapshot={snapshot} send={send} />}
      </FactorProofContext.Provider>
    </FreshProofContext.Provider>
  )
}
