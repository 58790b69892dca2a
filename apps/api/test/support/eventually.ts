/** Polls `probe` until it returns something other than undefined; rejects at the deadline. */
export async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, options: { timeoutMs?: number; what?: string } = {}): Promise<T> {
  const { timeoutMs = 10_000, what = 'the condition' } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
