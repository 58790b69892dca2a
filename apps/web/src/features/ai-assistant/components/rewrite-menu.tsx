import { useId, useState } from 'react';
import { AI_REWRITE_STYLE_LABELS, AI_REWRITE_STYLES, type AiRewriteStyle } from '@postlark/shared/ai';
import '../../../components/ui/popup-menu.css';
import { usePopupMenu } from '../../../lib/use-popup-menu';
import { rewriteHtml } from '../ai-answers';
import { AI_TEXTS } from '../ai-content';
import { type AiGenerator, useGeneration } from '../use-generation';
import { AiOutcomeNotice, AiRunning, SparkIcon } from './ai-parts';

/** The editor's selection as the rewrite found it: where it was and what it said. */
export interface EditorSelection {
  from: number;
  to: number;
  text: string;
}

export interface SelectionHandle {
  /** The selection now, or null when nothing is selected. */
  read(): EditorSelection | null;
  /** Puts the HTML where the selection was, if that text is still there; false when it changed. */
  replace(selection: EditorSelection, html: string): boolean;
}

interface RewriteMenuProps {
  api: AiGenerator;
  selection: SelectionHandle;
  campaignId?: string;
}

/**
 * The toolbar's "Rewrite": Shorter, Friendlier, More formal, Fix spelling and grammar. The answer
 * streams into a strip under the toolbar and replaces the selection only once it is complete;
 * Stop, an error or a changed text leave the content as it was.
 */
export function RewriteMenu({ api, selection, campaignId }: RewriteMenuProps) {
  const menuId = useId();
  const { open, setOpen, rootRef, onKeyDown } = usePopupMenu();
  const [note, setNote] = useState('');
  const [target, setTarget] = useState<EditorSelection | null>(null);
  const { state, start, stop, reset } = useGeneration(api);
  const running = state.status === 'running';

  function toggle() {
    reset();
    const current = selection.read();
    setTarget(current);
    setNote(current ? '' : AI_TEXTS.rewriteNeedsSelection);
    setOpen(Boolean(current) && !open);
  }

  function rewrite(style: AiRewriteStyle) {
    setOpen(false);
    const chosen = target;
    if (!chosen) return;
    start({ task: 'rewrite', style, selection: chosen.text, ...(campaignId ? { campaign_id: campaignId } : {}) }, (text) =>
      setNote(selection.replace(chosen, rewriteHtml(text)) ? AI_TEXTS.rewriteDone : AI_TEXTS.rewriteChanged),
    );
  }

  return (
    <div ref={rootRef} className="ai-rewrite" onKeyDown={onKeyDown}>
      <span className="ai-rewrite__anchor">
      <button
        type="button"
        className="editor-toolbar__button editor-toolbar__button--text ai-rewrite__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        title={AI_TEXTS.rewriteLabel}
        disabled={running}
        // Keeps the editor's selection: a click would otherwise move focus out before it is read.
        onMouseDown={(event) => event.preventDefault()}
        onClick={toggle}
      >
        <SparkIcon /> {AI_TEXTS.rewrite}
      </button>
      {open && (
        <ul id={menuId} className="popup-menu ai-menu" role="menu" aria-label={AI_TEXTS.rewriteLabel}>
          {AI_REWRITE_STYLES.map((style) => (
            <li key={style} role="none">
              <button type="button" role="menuitem" className="popup-menu__item" onClick={() => rewrite(style)}>
                {AI_REWRITE_STYLE_LABELS[style]}
              </button>
            </li>
          ))}
        </ul>
      )}
      </span>
      {(running || state.status === 'error' || state.status === 'stopped' || note) && (
        <div className="ai-rewrite__strip">
          {running ? (
            <>
              <AiRunning label={AI_TEXTS.rewriting} onStop={stop} />
              {state.text && <p className="ai-rewrite__preview">{state.text}</p>}
            </>
          ) : state.status === 'error' || state.status === 'stopped' ? (
            <AiOutcomeNotice state={state} />
          ) : (
            <p className="ai-notice ai-notice--quiet" role="status">
              {note}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
