import { type ReactNode, useState } from 'react';
import { Button } from './button';

export type PressOutcome = { ok: boolean; message: ReactNode };

export type PressState = { kind: 'ready' } | { kind: 'busy' } | { kind: 'done'; message: ReactNode } | { kind: 'failed'; message: ReactNode };

/**
 * The state of a page opened from a mailed link that changes something (a subscription, a sender,
 * an address). It acts only when the person presses its button, never on load: mail scanners open
 * links, some run their scripts, and neither may act for the person. A link that cannot work
 * (`usable` false) starts failed with `unusable`.
 */
export function usePressToAct(usable: boolean, unusable: ReactNode) {
  const [state, setState] = useState<PressState>(usable ? { kind: 'ready' } : { kind: 'failed', message: unusable });
  async function press(act: () => Promise<PressOutcome>) {
    setState({ kind: 'busy' });
    const outcome = await act();
    setState({ kind: outcome.ok ? 'done' : 'failed', message: outcome.message });
  }
  return { state, press };
}

interface PressToActProps {
  state: PressState;
  prompt: ReactNode;
  actionLabel: string;
  busyLabel: string;
  onPress(): void;
}

/** The prompt and its button until pressed, then what came of it. */
export function PressToAct({ state, prompt, actionLabel, busyLabel, onPress }: PressToActProps) {
  const busy = state.kind === 'busy';
  return (
    <>
      {(state.kind === 'ready' || busy) && (
        <>
          <p>{prompt}</p>
          <Button block onClick={onPress} disabled={busy} aria-busy={busy}>
            {busy ? busyLabel : actionLabel}
          </Button>
        </>
      )}
      {state.kind === 'done' && (
        <p className="notice notice--success" role="status">
          {state.message}
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="notice notice--error" role="alert">
          {state.message}
        </p>
      )}
    </>
  );
}
