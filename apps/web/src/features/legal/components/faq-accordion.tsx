import { useId, useState, type ReactNode } from 'react';
import './faq-accordion.css';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

interface FaqAccordionProps {
  /** The group's anchor, for links to it. */
  id?: string;
  title: string;
  items: readonly FaqItem[];
  icon?: ReactNode;
}

/**
 * One titled group of questions (the WAI-ARIA accordion pattern). At most one answer is open at a
 * time and the group opens on its first item, so every group shows one answer before any click.
 */
export function FaqAccordion({ id, title, items, icon }: FaqAccordionProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(items.length > 0 ? 0 : null);
  // Answers slide in when a visitor opens them, not the first ones, which are in the page as it arrives.
  const [clicked, setClicked] = useState(false);
  const baseId = useId();
  const headingId = `${baseId}-title`;

  return (
    <section id={id} className="faq-group" aria-labelledby={headingId} data-aos="fade-up">
      <div className="faq-group__header">
        {icon && (
          <span className="faq-group__icon" aria-hidden="true">
            {icon}
          </span>
        )}
        <h2 className="faq-group__title" id={headingId}>
          {title}
        </h2>
      </div>
      <div className="faq-list">
        {items.map((item, index) => {
          const open = openIndex === index;
          const buttonId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <div key={item.question} className={`faq-item${open ? ' faq-item--open' : ''}${clicked ? ' faq-item--animated' : ''}`}>
              <h3 className="faq-item__heading">
                <button
                  type="button"
                  id={buttonId}
                  className="faq-item__button"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => {
                    setClicked(true);
                    setOpenIndex(open ? null : index);
                  }}
                >
                  <span>{item.question}</span>
                  <span className="faq-item__chevron" aria-hidden="true">
                    <svg viewBox="0 0 20 20" width="18" height="18">
                      <path
                        d="M5 7.5l5 5 5-5"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      />
                    </svg>
                  </span>
                </button>
              </h3>
              <div id={panelId} className="faq-item__panel" role="region" aria-labelledby={buttonId} hidden={!open}>
                {item.answer}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
