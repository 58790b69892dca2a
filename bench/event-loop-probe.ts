import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

// Loaded into the server under test (`node --import tsx --import ./bench/event-loop-probe.ts
// apps/api/src/server.ts`), so the server's code stays as it ships: its event loop's delay measured
// from inside, by Node's own histogram. On SIGUSR2 it writes what it saw since the last signal to
// BENCH_EVENT_LOOP_FILE (milliseconds) and starts over, so the bench can cut one run into phases.

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
const file = process.env.BENCH_EVENT_LOOP_FILE;
let sequence = 0;

process.on('SIGUSR2', () => {
  if (!file) return;
  sequence += 1;
  const ms = (nanoseconds: number) => nanoseconds / 1e6;
  const figures = { sequence, samples: histogram.count, p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
  writeFileSync(file, JSON.stringify(figures));
  histogram.reset();
});
