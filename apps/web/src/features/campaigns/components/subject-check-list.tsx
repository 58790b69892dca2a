import { checkSubject, type SubjectCheckState } from '@postlark/shared/subject-check';
import './subject-check.css';

// The state is said in words as well as colour and icon: a screen reader hears "Check:" or "Tip:".
const STATE_WORDS: Record<SubjectCheckState, string> = { good: 'Good:', warn: 'Check:', tip: 'Tip:' };
const STATE_ICONS: Record<SubjectCheckState, string> = { good: '✓', warn: '!', tip: 'i' };
const SUMMARY = { good: 'Looks good', warn: (count: number) => `${count} to check`, list: 'Subject line check' } as const;

/** Live under the subject field: its length and the checker's findings, each good, to check, or a tip. */
export function SubjectCheckList({ id, subject }: { id: string; subject: string }) {
  const check = checkSubject(subject);
  if (check.findings.length === 0) return null;
  const warnings = check.findings.filter((finding) => finding.state === 'warn').length;
  return (
    <div className="subject-check" id={id}>
      <p className="subject-check__summary">
        <span className="subject-check__length">{check.summary}</span>
        <span className={`subject-check__verdict subject-check__verdict--${warnings > 0 ? 'warn' : 'good'}`}>
          {warnings > 0 ? SUMMARY.warn(warnings) : SUMMARY.good}
        </span>
      </p>
      <ul className="subject-check__list" aria-label={SUMMARY.list}>
        {check.findings.map((finding) => (
          <li key={finding.id} className={`subject-check__item subject-check__item--${finding.state}`}>
            <span className="subject-check__icon" aria-hidden="true">
              {STATE_ICONS[finding.state]}
            </span>
            <span className="visually-hidden">{STATE_WORDS[finding.state]} </span>
            {finding.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
