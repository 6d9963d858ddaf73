import * as v from 'valibot'
import type { BudgetRange, DesiredStart } from '../leads/lead-options'
import type { ServiceId } from '../services/service-table'
import { createServiceRequestSchema, type ServiceRequestInput } from './request-schemas'

/** What the brief's controls hold: the service comes from the page, the rest from the client. */
export type ServiceRequestFormValues = {
  readonly need: string
  readonly desiredStart: DesiredStart | ''
  readonly budget: BudgetRange | ''
}

export const serviceRequestFormFields = [
  'need',
  'desiredStart',
  'budget',
] as const satisfies readonly (keyof ServiceRequestFormValues)[]
export type ServiceRequestFormField = (typeof serviceRequestFormFields)[number]

export const emptyServiceRequestForm: ServiceRequestFormValues = {
  need: '',
  desiredStart: '',
  budget: '',
}

/** The payload the brief sends (an empty choice is sent as it is, and refused like any other). */
export function serviceRequestPayload(
  serviceId: ServiceId,
  values: ServiceRequestFormValues,
): ServiceRequestInput {
  return {
    serviceId,
    need: values.need,
    desiredStart: values.desiredStart as DesiredStart,
    budget: values.budget as BudgetRange,
  }
}

/** The schema decides validity only; its messages are the component's business. */
const schemaForValidity = createServiceRequestSchema((descriptor) => descriptor.id ?? '')

export function isValidServiceRequestForm(
  serviceId: ServiceId,
  values: ServiceRequestFormValues,
): boolean {
  return v.safeParse(schemaForValidity, serviceRequestPayload(serviceId, values)).success
}
