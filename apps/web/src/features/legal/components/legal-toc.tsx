import { useId, useState } from 'react';
import { useActiveSection } from '../use-active-section';
import './legal-toc.css';

export interface TocEntry {
  id: string;
  title: string;
}

/**
 * The table of contents. On wide screens CSS pins it beside the text and always shows the list; on
 * narrow screens it sits above the text, collapsed behind a toggle so it doesn't push the text down.
 */
export function LegalToc({ entries }: { entries: readonly TocEntry[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const active = useActiveSection(entries.map((entry) => entry.id));

  return (
    <aside className="legal-toc">
      <nav className="legal-toc__card" aria-label="On this page" data-open={open}>
        <p className="legal-toc__title" aria-hidden="true">
          On this page
        </p>
        <button
          type="button"
          className="legal-toc__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          <span>On this page</span>
          <span className="legal-toc__count">{entries.length} sections</span>
          <svg className="legal-toc__chevron" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
            <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <ol className="legal-toc__list" id={listId}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <a
                className="legal-toc__link"
                href={`#${entry.id}`}
                aria-current={active === entry.id ? 'true' : undefined}
                // On narrow screens the open list would otherwise cover the section just jumped to.
                onClick={() => setOpen(false)}
              >
                {entry.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
    </aside>
  );
}
