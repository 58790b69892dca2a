import { Worker } from 'node:worker_threads';

// The main thread's side of the MJML thread (mjml-worker.mjs): one thread for the process,
// started with the first message and not keeping the process alive. A render that takes longer
// than RENDER_TIMEOUT_MS (content built to be slow) ends the thread, and fails with the renders
// waiting behind it; the next render starts a new one.

export class LayoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LayoutError';
  }
}

const WORKER = new URL('./mjml-worker.mjs', import.meta.url);
/** Far above the largest content's render (a 512 KB letter takes about a second). */
const RENDER_TIMEOUT_MS = 20_000;
/** The thread's heap: MJML's tree and the inlined CSS of the largest content fit many times over. */
const HEAP_MB = 512;

interface Pending {
  resolve(html: string): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

type Reply = { id: number; ok: true; html: string } | { id: number; ok: false; message: string };

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

function failAll(thread: Worker, error: LayoutError): void {
  if (worker === thread) worker = null;
  for (const call of pending.values()) {
    clearTimeout(call.timer);
    call.reject(error);
  }
  pending.clear();
  void thread.terminate();
}

function thread(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER, { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
  started.unref();
  started.on('message', (reply: Reply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    clearTimeout(call.timer);
    if (reply.ok) call.resolve(reply.html);
    else call.reject(new LayoutError(`The email could not be laid out: ${reply.message}`));
  });
  started.on('error', (error) => failAll(started, new LayoutError(`The email layout's thread failed: ${error.message}`)));
  started.on('exit', () => failAll(started, new LayoutError("The email layout's thread stopped.")));
  worker = started;
  return started;
}

/** The HTML MJML renders from `mjml`, rendered off the main thread. Throws LayoutError. */
export function renderMjml(mjml: string): Promise<string> {
  const current = thread();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => failAll(current, new LayoutError(`The email took longer than ${RENDER_TIMEOUT_MS / 1000} s to lay out.`)), RENDER_TIMEOUT_MS);
    timer.unref();
    pending.set(id, { resolve, reject, timer });
    current.postMessage({ id, mjml });
  });
}
