import { createRequire } from 'node:module'
import { type Context, context, createContextKey, trace } from '@opentelemetry/api'
import { getRPCMetadata, RPCType } from '@opentelemetry/core'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { registerInstrumentations } from '@opentelemetry/instrumentation'
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http'
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg'
import { resourceFromAttributes } from '@opentelemetry/resources'
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  SimpleSpanProcessor,
  type Span,
  type SpanExporter,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base'
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node'
import type { RequestTracing } from './request-tracing'

/**
 * Traces (docs/decisions/066-traces.md): each HTTP request the server answers and each
 * PostgreSQL query made for it, sent over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT. This module
 * is imported only when that is set (main.ts): otherwise nothing of OpenTelemetry is loaded.
 */

/** The attribute every span of a request carries: the id of its log lines and X-Request-Id. */
export const requestIdAttribute = 'app.request_id'
const requestIdKey = createContextKey('app.request_id')

/** The probes are asked every few seconds by the load balancer: no trace each. */
const untraced = new Set(['/livez', '/readyz'])

/** The request's id on every span opened in its context (its queries, its outgoing calls). */
class RequestIdOnEverySpan implements SpanProcessor {
  onStart(span: Span, parent: Context): void {
    const requestId = parent.getValue(requestIdKey)
    if (typeof requestId === 'string') span.setAttribute(requestIdAttribute, requestId)
  }
  onEnd(): void {}
  forceFlush(): Promise<void> {
    return Promise.resolve()
  }
  shutdown(): Promise<void> {
    return Promise.resolve()
  }
}

export type Tracing = {
  readonly requestTracing: RequestTracing
  /** Sends what is still buffered and stops (the process is stopping). */
  shutdown(): Promise<void>
}

export function startTracing({
  endpoint,
  serviceName,
  sampleRatio = 1,
  exporter,
}: {
  endpoint: string
  serviceName: string
  /** The share of requests traced (OTEL_TRACES_SAMPLER_ARG); a caller's sampled trace is followed. */
  sampleRatio?: number
  /** Tests: spans kept in memory, each handed over as it ends. */
  exporter?: SpanExporter
}): Tracing {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(sampleRatio) }),
    spanProcessors: [
      new RequestIdOnEverySpan(),
      exporter
        ? new SimpleSpanProcessor(exporter)
        : new BatchSpanProcessor(
            new OTLPTraceExporter({
              url: new URL('v1/traces', `${endpoint.replace(/\/*$/, '')}/`).href,
            }),
          ),
    ],
  })
  // The global provider, and AsyncLocalStorage carrying the context across awaits.
  provider.register()
  const disable = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) =>
          untraced.has((request.url ?? '').split('?')[0] ?? ''),
        // The span is named by its route pattern once answered (`around`); its attributes carry
        // the path without the query (a reset link's token travels there) and no client address.
        startIncomingSpanHook: () => ({
          'url.query': '',
          'client.address': '',
          'network.peer.address': '',
        }),
      }),
      // Queries made for a request only: the background work (mail, clean-up, live events'
      // LISTEN) would otherwise fill the traces with roots of one span each.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  })
  // The modules were loaded before this ran (the server's imports are static): requiring them
  // again hands them to the instrumentations, which patch their prototypes (shared by every
  // importer), before any request or query is made.
  const require = createRequire(import.meta.url)
  for (const name of ['http', 'https', 'pg']) require(name)

  return {
    requestTracing: {
      async around(requestId, next, answered) {
        const span = trace.getActiveSpan()
        span?.setAttribute(requestIdAttribute, requestId)
        try {
          await context.with(context.active().setValue(requestIdKey, requestId), next)
        } finally {
          if (span) {
            const { method, route } = answered()
            span.updateName(`${method} ${route}`)
            span.setAttribute('http.route', route)
            // What the HTTP instrumentation names the span by when it ends.
            const rpc = getRPCMetadata(context.active())
            if (rpc?.type === RPCType.HTTP) rpc.route = route
          }
        }
      },
    },
    async shutdown() {
      disable()
      await provider.shutdown()
    },
  }
}
