// The entry of the insights worker thread (fit-worker.ts): Node 20 does not carry the parent's
// `--import tsx` into a worker (its module hooks are per thread), so the thread registers tsx
// itself before it loads the TypeScript worker. The same file serves `npm start`, the dev
// commands and vitest, none of which has a build step for the API.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
