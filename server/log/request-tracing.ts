/**
 * What the request log asks of tracing, when it is on (log/tracing.ts, loaded only with
 * OTEL_EXPORTER_OTLP_ENDPOINT): nothing of OpenTelemetry is imported here.
 */
export type RequestTracing = {
  /**
   * Runs the rest of the request (`next`) with its id in the trace context, so every span it
   * opens carries it; once answered, its HTTP span is named by `answered()`'s route pattern.
   */
  around(
    requestId: string,
    next: () => Promise<void>,
    answered: () => { readonly method: string; readonly route: string },
  ): Promise<void>
}
