import { useId, type ReactNode } from 'react';
import { SITE } from '@postlark/shared/site';
import { LegalToc } from './legal-toc';
import './legal.css';

export interface LegalSection {
  /** The anchor the table of contents links to. */
  id: string;
  title: string;
  content: ReactNode;
}

interface LegalHeroProps {
  title: string;
  /** The small label above the title. */
  eyebrow?: string;
  lead?: ReactNode;
  /** Shown as given, e.g. '20-01-2025'. */
  effectiveDate?: string;
  titleId?: string;
}

/** The tinted band at the top of every legal page: label, title, summary and effective date. */
export function LegalHero({ title, eyebrow = 'Legal', lead, effectiveDate, titleId }: LegalHeroProps) {
  return (
    <div className="legal-hero">
      <div className="container legal-hero__inner" data-aos="fade-up">
        <p className="legal-hero__eyebrow">{eyebrow}</p>
        <h1 className="legal-hero__title" id={titleId}>
          {title}
        </h1>
        {lead && <p className="legal-hero__lead">{lead}</p>}
        {effectiveDate && (
          <p className="legal-hero__badge">
            <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
              <rect x="3" y="4.5" width="14" height="12" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path d="M3 8.5h14M7 2.5v4M13 2.5v4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
            <span>
              Effective date: <time dateTime={toIsoDate(effectiveDate)}>{effectiveDate}</time>
            </span>
          </p>
        )}
      </div>
    </div>
  );
}

interface LegalDocumentProps extends Omit<LegalHeroProps, 'titleId'> {
  /** Text before the first section. */
  intro?: ReactNode;
  sections: readonly LegalSection[];
  /** A closing note after the last section. */
  closing?: ReactNode;
  toc?: boolean;
}

/** The layout every legal document shares: hero, table of contents and numbered sections. */
export function LegalDocument({ intro, sections, closing, toc = true, ...hero }: LegalDocumentProps) {
  const titleId = useId();

  return (
    <article className="legal-page" aria-labelledby={titleId}>
      <LegalHero {...hero} titleId={titleId} />
      <div className={toc ? 'container legal-layout' : 'container legal-layout legal-layout--single'}>
        {toc && <LegalToc entries={sections} />}
        <div className="legal-body">
          {intro && (
            <div className="legal-intro" data-aos="fade-up">
              {intro}
            </div>
          )}
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              className="legal-section"
              aria-labelledby={`${section.id}-title`}
              data-aos="fade-up"
            >
              <h2 id={`${section.id}-title`}>{section.title}</h2>
              {section.content}
            </section>
          ))}
          {closing && (
            <aside className="legal-closing" data-aos="fade-up">
              {closing}
            </aside>
          )}
        </div>
      </div>
    </article>
  );
}

/** The support address as a mailto link, written out so readers can copy it. */
export function SupportEmailLink() {
  return <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>;
}

// '20-01-2025' (day-month-year, as the spec writes it) to the ISO form <time> expects.
function toIsoDate(date: string): string {
  const [day, month, year] = date.split('-');
  return year && month && day ? `${year}-${month}-${day}` : date;
}
