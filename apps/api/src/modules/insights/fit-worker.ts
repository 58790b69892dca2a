// The main thread's side of the insights worker thread (insights-worker.ts): one worker per
// refresh or recommendation fit, its old generation capped at INSIGHTS_FIT_HEAP_MB. A fit that
// outgrows the cap ends the worker, not the process: every call then fails with a FitWorkerError
// that says so, and the caller records it.
import { Worker } from 'node:worker_threads';
import type { WorkerCall, WorkerCalls, WorkerReply, WorkerRequest } from './insights-worker-protocol';

// The thread starts through a small JavaScript file that registers tsx (see its comment).
const BOOT = new URL('./insights-worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./insights-worker.ts', import.meta.url).href;

export class FitWorkerError extends Error {
  constructor(
    message: string,
    /** True when the fit ran out of its heap (the cap, INSIGHTS_FIT_HEAP_MB). */
    readonly outOfMemory: boolean,
  ) {
    super(message);
    this.name = 'FitWorkerError';
  }
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class FitWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private failure: FitWorkerError | null = null;
  private nextId = 1;
  private closed = false;

  constructor(readonly heapMb: number) {
    this.worker = new Worker(BOOT, { workerData: { entry: ENTRY }, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    this.worker.on('message', (reply: WorkerReply) => {
      const call = this.pending.get(reply.id);
      if (!call) return;
      this.pending.delete(reply.id);
      if (reply.ok) call.resolve(reply.value);
      else call.reject(new FitWorkerError(reply.message, false));
    });
    this.worker.on('error', (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.fail(new FitWorkerError(outOfMemory ? `the fit ran out of its ${heapMb} MB heap (INSIGHTS_FIT_HEAP_MB)` : `the fit's worker failed: ${error.message}`, outOfMemory));
    });
    this.worker.on('exit', (code) => {
      if (!this.closed) this.fail(new FitWorkerError(`the fit's worker stopped (exit code ${code})`, false));
    });
  }

  private fail(error: FitWorkerError): void {
    // The first reason is the one that explains the others (an error, then its exit).
    this.failure ??= error;
    for (const call of this.pending.values()) call.reject(this.failure);
    this.pending.clear();
  }

  /** One call to the worker; `transfer` lists the buffers it takes over (they are unusable here after). */
  call<K extends WorkerCall>(call: K, body: WorkerCalls[K]['request'], transfer: readonly ArrayBuffer[] = []): Promise<WorkerCalls[K]['reply']> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new FitWorkerError("the fit's worker was closed", false));
    const id = this.nextId++;
    const request: WorkerRequest<K> = { id, call, body };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage(request, transfer);
    });
  }

  /** Ends the worker (its heap goes with it); calls still waiting fail. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.worker.terminate();
    this.fail(new FitWorkerError("the fit's worker was closed", false));
  }
}
