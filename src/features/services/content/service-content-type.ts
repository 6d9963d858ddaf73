import type { MessageDescriptor } from '@lingui/core'
import type { ServiceId } from '../../../../domain/services/service-table'

/** The copy of one service page. Every text is a Lingui descriptor from the services catalog. */
export type ServiceContent = {
  /** Two or three sentences shown under the title. */
  readonly summary: MessageDescriptor
  /** The meta description: one sentence, at most 155 characters. */
  readonly metaDescription: MessageDescriptor
  /** What the service is, one paragraph. */
  readonly intro: MessageDescriptor
  /** What is included: five concrete deliverables. */
  readonly included: readonly MessageDescriptor[]
  /** How the work runs: four steps. */
  readonly steps: readonly { readonly title: MessageDescriptor; readonly text: MessageDescriptor }[]
  /** Who the service suits. */
  readonly audience: MessageDescriptor
  /** Three related services. */
  readonly related: readonly ServiceId[]
}
