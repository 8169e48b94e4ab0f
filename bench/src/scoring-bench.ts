/**
 * `npm run bench:scoring` (issue 15 §8): the scoring engine alone, in-process, on the summary size —
 * --experts (9) × --bidders (30) × --items (40), 平均基准价 with 3 quotation rounds — computed --runs (500) times
 * after a warm-up. Prints the per-computation figures; never asserts. The summary endpoint's target is
 * p99 ≤ 50 ms for the whole request, so the engine's share should stay a small part of it.
 */
import { parseArgs } from 'node:util';
import { computeReviewScores, type ExpertScore, type ScoringInput } from '@aps/shared/constants';

const { values: args } = parseArgs({
  options: {
    experts: { type: 'string', default: '9' },
    bidders: { type: 'string', default: '30' },
    items: { type: 'string', default: '40' },
    runs: { type: 'string', default: '500' },
  },
});
const EXPERTS = Number(args.experts);
const BIDDERS = Number(args.bidders);
const ITEMS = Number(args.items);
const RUNS = Number(args.runs);

/** A small deterministic generator, so every run scores the same sheets. */
let state = 42;
const rand = () => {
  state = (Math.imul(state, 1103515245) + 12345) >>> 0;
  return state / 2 ** 32;
};

function buildInput(): ScoringInput {
  const experts = Array.from({ length: EXPERTS }, (_, i) => ({ id: `e${i}`, name: `专家${i + 1}` }));
  const items = Array.from({ length: ITEMS }, (_, i) => ({ id: `i${i}`, name: `评分项${i + 1}`, max: 5 }));
  const bidders = Array.from({ length: BIDDERS }, (_, i) => {
    const first = 900_000 + Math.round(rand() * 200_000);
    return { id: `b${i}`, name: `供应商${i + 1}`, quotes: [first, first - 10_000, first - 15_000].map(String) };
  });
  const scores: ExpertScore[] = [];
  for (const b of bidders) {
    for (const item of items) {
      for (const e of experts)
        scores.push({ expertId: e.id, bidderId: b.id, itemId: item.id, score: (rand() * 5).toFixed(1) });
    }
  }
  return {
    bidders,
    items,
    experts,
    scores,
    priceMethod: 'average_benchmark',
    pricePoints: 30,
    k: '0.05',
    quotationRoundCount: 3,
    priceLimit: '1200000',
    purchaseMethod: 'open_tender',
    purchaseCandidateCount: 3,
  };
}

const input = buildInput();
for (let i = 0; i < 20; i++) computeReviewScores(input);
const times: number[] = [];
// CPU time as well as wall time: on a shared machine the wall clock mostly measures the other processes.
const cpu0 = process.cpuUsage();
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const outcome = computeReviewScores(input);
  times.push(performance.now() - t0);
  if (!outcome.ok) throw new Error(outcome.errors.slice(0, 3).join('; '));
}
const cpu = process.cpuUsage(cpu0);
const cpuMsPerRun = ((cpu.user + cpu.system) / 1000 / RUNS).toFixed(2);
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(2);
console.log(
  `scoring engine, ${EXPERTS} experts × ${BIDDERS} bidders × ${ITEMS} items (${input.scores.length} scores), ` +
    `${RUNS} runs: p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, max ${times.at(-1)!.toFixed(2)} ms; CPU ${cpuMsPerRun} ms per run`,
);
