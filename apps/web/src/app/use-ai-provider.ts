import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { AI_MESSAGES, type AiGenerateRequest, type AiProviderInput, type AiProviderView } from '@postlark/shared/ai';
import { type AiProviderOutcome, deleteAiProvider, type GenerateOutcome, getAiProvider, postAiProviderTest, putAiProvider, streamGenerate } from '../features/ai-assistant/ai-api';
import { payloadErrors, payloadMessage, settle } from '../lib/api-client';
import { useAppSelector } from './store-hooks';

// GET /api/ai/provider, read once per signed-in account and shared by everything that shows it:
// the top bar's "Free attempts left: N", the Integrations tab's card and the editor's AI buttons.
// A generation's final event carries the new count, so the badge follows without another read.

interface Snapshot {
  customerId: string | null;
  view: AiProviderView | null;
  failed: boolean;
}

let snapshot: Snapshot = { customerId: null, view: null, failed: false };
let reading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(next: Snapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function read(customerId: string): Promise<void> {
  const run = settle(getAiProvider, AI_MESSAGES.providerError).then((result) => {
    if (snapshot.customerId !== customerId) return;
    const view = result.ok ? result.body?.payload : undefined;
    publish(view && typeof view.free_attempts_left === 'number' ? { customerId, view, failed: false } : { ...snapshot, failed: true });
  });
  reading = run.finally(() => {
    if (reading === run) reading = null;
  });
  return run;
}

/** The account's AI provider view, and the calls that change it. */
export function useAiProvider() {
  const customerId = useAppSelector((state) => state.login.customerId);
  const current = useSyncExternalStore(subscribe, () => snapshot);
  const mine = current.customerId === customerId ? current : null;

  useEffect(() => {
    if (!customerId || (snapshot.customerId === customerId && (snapshot.view || reading))) return;
    publish({ customerId, view: null, failed: false });
    void read(customerId);
  }, [customerId]);

  const reload = useCallback(() => (customerId ? read(customerId) : Promise.resolve()), [customerId]);

  const outcome = useCallback(
    async (call: () => ReturnType<typeof putAiProvider | typeof deleteAiProvider>, fallback: string): Promise<AiProviderOutcome> => {
      try {
        const answer = await call();
        if (!answer.ok) return { ok: false, message: payloadMessage(answer.body) ?? fallback, errors: payloadErrors(answer.body) };
        await reload();
        return { ok: true, message: payloadMessage(answer.body) ?? fallback };
      } catch {
        return { ok: false, message: AI_MESSAGES.unreachable, errors: {} };
      }
    },
    [reload],
  );

  const save = useCallback((body: AiProviderInput) => outcome(() => putAiProvider(body), AI_MESSAGES.saved), [outcome]);
  const remove = useCallback(() => outcome(deleteAiProvider, AI_MESSAGES.deleted), [outcome]);
  const test = useCallback(async (body: AiProviderInput | null): Promise<AiProviderOutcome> => {
    const result = await settle(() => postAiProviderTest(body), AI_MESSAGES.providerError);
    if (!result.ok) return { ok: false, message: result.message, errors: result.errors };
    const answer = result.body?.payload;
    return { ok: true, message: answer?.message ?? AI_MESSAGES.testOk(answer?.model ?? '') };
  }, []);

  /** Streams one generation; its final event's count goes to every badge at once. */
  const generate = useCallback(
    async (request: AiGenerateRequest, signal: AbortSignal, onText: (text: string) => void): Promise<GenerateOutcome> => {
      const result = await streamGenerate(request, signal, onText);
      const left = result.kind === 'done' ? result.freeAttemptsLeft : null;
      if (left !== null && snapshot.view && snapshot.customerId === customerId) publish({ ...snapshot, view: { ...snapshot.view, free_attempts_left: left } });
      // A refusal may mean the count or the provider changed elsewhere, and a stopped generation
      // counts once its text was read (ai.service.ts): read them again.
      else if (result.kind === 'error' || result.kind === 'stopped') void reload();
      return result;
    },
    [customerId, reload],
  );

  return { view: mine?.view ?? null, failed: mine?.failed ?? false, reload, save, remove, test, generate };
}

export type AiProviderApi = ReturnType<typeof useAiProvider>;
