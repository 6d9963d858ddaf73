import { fromPromise } from 'xstate'

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
