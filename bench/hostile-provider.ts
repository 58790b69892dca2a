import { startFakeOpenAi } from '../apps/api/test/support/fakes/openai-compatible';

// A tenant's own AI provider gone hostile, in a process of its own (`node --import tsx
// bench/hostile-provider.ts`), so streaming its answers does not share the bench's event loop with
// the clients it measures. It prints its address as one JSON line, then a line per chat request.

const ANSWER_CHARACTERS = Number(process.env.HOSTILE_ANSWER_CHARACTERS ?? 1_000_000);

/** Spaces between two letters for a rewrite (the prompt's `<<<` markers), quotes around a line for suggestions. */
function hostileAnswer(prompt: string): string {
  return prompt.includes('<<<') ? `a${' '.repeat(ANSWER_CHARACTERS)}b` : `1. ${'"'.repeat(ANSWER_CHARACTERS)}x\n2. Hello`;
}

const provider = await startFakeOpenAi({
  reply: (request) => {
    console.log('chat');
    return hostileAnswer(request.messages?.at(-1)?.content ?? '');
  },
  // Large pieces: the provider's process spends its time sending, not splitting.
  streamSplitBytes: 64 * 1024,
});
console.log(JSON.stringify({ url: provider.url, apiKey: provider.apiKey, model: provider.model }));
process.on('SIGTERM', () => void provider.close().then(() => process.exit(0)));
