/**
 * The intake benchmarks' client (bench:intake and scripts/bench/intake-phases.ts): autocannon on loopback, every
 * request a valid script submission with its own form token (used once, decision 076) and Idempotency-Key.
 */
import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { IDEA_ENDPOINT } from '../../src/domain/idea';
import { createFormToken } from '../../src/server/intake/form-token';

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
export interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
// The promise it gives is also an EventEmitter of each answer ('response').
type Autocannon = (options: Record<string, unknown>) => PromiseLike<AutocannonResult> & EventEmitter;

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as Autocannon;

let sequence = 0;

export interface LoadOptions {
  /** Called with each answer as it comes: its status and latency (ms). */
  onAnswer?: (status: number, latencyMs: number) => void;
}

/** `amount` POSTs to the intake over `connections`, the n-th with `request(n)` and its own Idempotency-Key. */
export function postEach(
  port: number,
  amount: number,
  connections: number,
  request: (n: number) => { contentType: string; body: string | Buffer },
  { onAnswer }: LoadOptions = {},
): PromiseLike<AutocannonResult> {
  const run = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    amount,
    timeout: 30,
    // A run with `amount` ends at the sample tick after its last answer: at the default 1 s its duration (and every
    // rate) is rounded up to whole seconds, 8 % at 12 s. Every 10 ms it is the run's own length.
    sampleInt: 10,
    requests: [
      {
        method: 'POST',
        path: IDEA_ENDPOINT,
        setupRequest(base: Record<string, unknown>) {
          sequence += 1;
          const { contentType, body } = request(sequence);
          return {
            ...base,
            headers: { 'content-type': contentType, 'idempotency-key': `bench-${process.pid}-${sequence}` },
            body,
          };
        },
      },
    ],
  });
  const answers: EventEmitter = run;
  if (onAnswer)
    answers.on('response', (_client: unknown, status: number, _bytes: number, latencyMs: number) =>
      onAnswer(status, latencyMs),
    );
  return run;
}

/** `amount` text submissions (JSON, as the page's script sends them), each from its own address. */
export function textLoad(
  port: number,
  amount: number,
  connections: number,
  secret: string,
  options: LoadOptions = {},
): PromiseLike<AutocannonResult> {
  return postEach(
    port,
    amount,
    connections,
    (n) => ({
      contentType: 'application/json',
      body: JSON.stringify({
        idea: `벤치마크 아이디어 ${n}: 동네 가게 예약과 대기열을 한 번에 관리하는 앱을 만들고 싶습니다. 사장님은 휴대폰으로 확인만 하면 됩니다.`,
        name: '벤치 테스터',
        email: `bench${n}@example.com`,
        phone: '010-0000-0000',
        website: '',
        formToken: createFormToken(secret, Date.now() - 5000), // each used once (decision 076)
      }),
    }),
    options,
  );
}
