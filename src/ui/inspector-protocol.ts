/**
 * What the app tabs and the development inspector page (`/__inspector`) say to each other
 * through the dev server (scripts/inspector/inspector-plugin.ts relays each custom event to
 * every tab). Development only: nothing imports this in a production build.
 */

/** App tab → inspector: what its actors did. */
export const appChannel = 'puente-inspector:app'
/** Inspector → app tabs: an event to send to one actor. */
export const commandChannel = 'puente-inspector:command'
/** Inspector → app tabs: "tell me every actor you have now" (an inspector just opened). */
export const syncChannel = 'puente-inspector:sync'

export type JsonValue =
  | null
  | boolean
  | number
  | string
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue }

type FromActor = {
  readonly tab: string
  readonly sessionId: string
  /** Milliseconds since the epoch, in the app tab. */
  readonly time: number
}

export type AppMessage =
  | (FromActor & {
      readonly type: 'actor'
      readonly machineId: string
      /** `createActor(…, { id })`, or XState's generated one. */
      readonly actorId: string
      readonly parent: string | null
      /** The page the tab shows. */
      readonly page: string
    })
  | (FromActor & {
      readonly type: 'snapshot'
      readonly value: JsonValue
      readonly context: JsonValue
      readonly status: string
      /** Ids of the active state nodes. */
      readonly activeStates: readonly string[]
      /** Event types the active states handle (what the inspector may send). */
      readonly accepts: readonly string[]
    })
  | (FromActor & {
      readonly type: 'event'
      readonly event: JsonValue
      readonly eventType: string
      /** The actor that sent it, when one did. */
      readonly source: string | null
    })
  | (FromActor & {
      readonly type: 'microstep'
      readonly eventType: string
      /** The transitions taken: "source → target(s)" and their chart ids. */
      readonly transitions: readonly { readonly id: string; readonly description: string }[]
    })
  | { readonly type: 'tab-closed'; readonly tab: string; readonly time: number }

export type Command = {
  readonly tab: string
  readonly sessionId: string
  readonly event: { readonly type: string } & { readonly [key: string]: JsonValue }
}
