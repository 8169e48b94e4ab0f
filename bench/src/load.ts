/**
 * Load driver, run as its own process so the load generator does not share an event loop with the
 * benchmark's bookkeeping: `node bench/src/load.ts '<json LoadSpec>'` prints one JSON LoadResult line.
 */
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  /** Seconds measured. */
  duration: number;
  /** Seconds of unmeasured load first (JIT, pool connections, caches). */
  warmup: number;
  /** Adds `_t=<a new number>` to every request, as the web client does on every GET (§7). */
  cacheBuster?: boolean;
}

export interface LoadResult {
  requestsPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

let sent = Date.now();
function withCacheBuster(request: { path: string }) {
  sent += 1;
  return { ...request, path: `${request.path}${request.path.includes('?') ? '&' : '?'}_t=${sent}` };
}

async function run(spec: LoadSpec): Promise<LoadResult> {
  const options = {
    url: spec.url,
    method: spec.method ?? 'GET',
    headers: spec.headers ?? {},
    connections: spec.connections,
    ...(spec.body === undefined ? {} : { body: spec.body }),
    ...(spec.cacheBuster ? { requests: [{ setupRequest: withCacheBuster }] } : {}),
  };
  if (spec.warmup > 0) await autocannon({ ...options, duration: spec.warmup });
  const r = await autocannon({ ...options, duration: spec.duration });
  return {
    requestsPerSec: r.requests.average,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
  };
}

const arg = process.argv[2];
if (!arg) {
  console.error("用法: node bench/src/load.ts '<json>'");
  process.exit(2);
}
console.log(JSON.stringify(await run(JSON.parse(arg) as LoadSpec)));
