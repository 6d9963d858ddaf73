import { type EventObject, fromCallback, fromPromise } from 'xstate'

/**
 * A call a machine makes but does not own: the component injects the real one with
 * `.provide({ actors })` (machines do no I/O). Until then it fails loudly, naming itself, so a
 * component that forgets to provide it shows the error instead of hanging.
 */
export function injectedCall<Output, Input = void>(name: string) {
  return fromPromise<Output, Input>(async () => {
    throw new Error(`${name} is not provided`)
  })
}

/** The same for a call that reports as it goes (`fromCallback`: an upload's progress). */
export function injectedCallback<Input>(name: string) {
  return fromCallback<EventObject, Input>(() => {
    throw new Error(`${name} is not provided`)
  })
}
