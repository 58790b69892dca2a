import type { FlowTemplate } from '../automations-api';
import { AUTOMATION_TEXTS, triggerText } from '../automations-content';
import './flows-list.css';

const ICONS: Record<string, string> = {
  welcome_series: 'M3 11l18-8-8 18-2-8-8-2z',
  abandoned_cart: 'M6 6h15l-1.5 9h-12zM6 6 5 3H2M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2zM18 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
  post_purchase: 'M20 12v10H4V12M2 7h20v5H2zM12 22V7M12 7H7.5a2.5 2.5 0 0 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 0 0 0-5C13 2 12 7 12 7z',
  win_back: 'M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z',
  birthday: 'M20 21V12H4v9M4 16c2 0 2-1.5 4-1.5s2 1.5 4 1.5 2-1.5 4-1.5 2 1.5 4 1.5M12 12V8M12 5a1 1 0 0 0 1-1c0-1-1-2-1-2s-1 1-1 2a1 1 0 0 0 1 1z',
  // A setting sun over the horizon.
  sunset: 'M17 18a5 5 0 0 0-10 0M12 2v7M4.2 10.2l1.4 1.4M1 18h2M21 18h2M18.4 11.6l1.4-1.4M23 22H1M8 6l4 4 4-4',
  blank: 'M12 5v14M5 12h14',
};

interface TemplateChoicesProps {
  templates: readonly FlowTemplate[] | null;
  busy: string | null;
  onPick(template: FlowTemplate | null): void;
}

/** The starter flows and a blank one, as cards: what each does and what starts it. */
export function TemplateChoices({ templates, busy, onPick }: TemplateChoicesProps) {
  const cards = [...(templates ?? []).map((template) => ({ id: template.id, template })), { id: 'blank', template: null }];
  return (
    <ul className="flow-templates" aria-label="Start from">
      {cards.map(({ id, template }) => (
        <li key={id}>
          <button type="button" className={`flow-template flow-template--${id}`} disabled={busy !== null} aria-busy={busy === id || undefined} onClick={() => onPick(template)}>
            <span className="flow-template__icon" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                <path d={ICONS[id] ?? ICONS.blank} />
              </svg>
            </span>
            <span className="flow-template__name">{template?.name ?? 'Blank flow'}</span>
            <span className="flow-template__text">{template?.description ?? 'Choose a trigger and build the steps yourself.'}</span>
            {template && <span className="flow-template__trigger">{triggerText(template.definition.trigger)}</span>}
            {busy === id && <span className="flow-template__busy">{AUTOMATION_TEXTS.creating}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
