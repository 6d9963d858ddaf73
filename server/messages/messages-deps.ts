import type { AgencyDeps } from '../http/agency-deps'
import type { ThreadHub } from '../live/thread-hub'

/** What a request's conversation needs besides the agency's deps. */
export type MessagesDeps = AgencyDeps & {
  /** This instance's live events (one listening connection, its open streams). */
  readonly live: ThreadHub
  /** How long a digest collects messages before it is mailed (MESSAGE_DIGEST_SECONDS). */
  readonly digestDelaySeconds: number
}

/** Five minutes: several messages within them make one mail. */
export const defaultDigestDelaySeconds = 300
