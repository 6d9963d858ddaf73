import { describe, expect, it } from 'vitest'
import { processMetricsOptions } from './metrics-endpoint'

describe('the process metrics', () => {
  // prom-client's default samples every 10 ms: a timer waking an idle instance a hundred times a
  // second, most of the fixed CPU cost of METRICS_PORT (`npm run bench:api`'s idle figures:
  // 8.0 ms of CPU a second with it, 3.2 with 100 ms, 1.3 with no metrics).
  it('sample the event-loop delay every 100 ms', () => {
    expect(processMetricsOptions.eventLoopMonitoringPrecision).toBe(100)
  })
})
