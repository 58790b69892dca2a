import type { CampaignCheck, CampaignCheckStatus } from '@postlark/shared/campaign-checks';
import { CAMPAIGN_CHECK_TEXTS } from '@postlark/shared/campaign-checks';
import { CONTACT_TAB_PATH } from '@postlark/shared/routes';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import type { ChecksState } from '../hooks/use-campaign-checks';
import './campaign-checks-panel.css';

// "Check before sending": the checklist beside the editor's preview, and again in the send
// dialog. Each verdict is said in words as well as by icon and colour.

const ICONS: Record<CampaignCheckStatus, string> = { pass: '✓', warn: '!', fail: '✕' };

interface ChecksListProps {
  checks: readonly CampaignCheck[];
}

/** The verdicts, fails first, then warnings, then passes: what needs doing on top. */
export function CampaignChecksList({ checks }: ChecksListProps) {
  const order: Record<CampaignCheckStatus, number> = { fail: 0, warn: 1, pass: 2 };
  const sorted = [...checks].sort((a, b) => order[a.status] - order[b.status]);
  return (
    <ul className="campaign-checks__list" aria-label={CAMPAIGN_CHECK_TEXTS.runTitle}>
      {sorted.map((check) => (
        <li key={check.id} className={`campaign-checks__item campaign-checks__item--${check.status}`}>
          <span className="campaign-checks__icon" aria-hidden="true">
            {ICONS[check.status]}
          </span>
          <span className="campaign-checks__text">
            <span className="campaign-checks__title">
              {check.title}
              <span className="campaign-checks__status">{CAMPAIGN_CHECK_TEXTS.statusLabel[check.status]}</span>
            </span>
            <span className="campaign-checks__detail">{check.detail}</span>
            {check.id === 'address' && check.status === 'fail' && (
              <Link className="campaign-checks__fix" to={CONTACT_TAB_PATH}>
                {CAMPAIGN_CHECK_TEXTS.addressFix}
              </Link>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

interface CampaignChecksPanelProps {
  state: ChecksState;
  /** False while the campaign is new and unsaved: there is nothing stored to check. */
  saved: boolean;
  /** Unsaved changes: the checks read what is stored, which they are not yet. */
  dirty: boolean;
  onRun(): void;
  /** In the send dialog: no card around it, no introduction. */
  compact?: boolean;
}

export function CampaignChecksPanel({ state, saved, dirty, onRun, compact = false }: CampaignChecksPanelProps) {
  const running = state.phase === 'running';
  const shown = state.phase === 'done' ? state.checks : state.phase === 'idle' ? null : state.previous;
  const fails = shown?.filter((check) => check.status === 'fail').length ?? 0;
  const warns = shown?.filter((check) => check.status === 'warn').length ?? 0;
  const body = (
    <>
      {!compact && <p className="campaign-card__text">{CAMPAIGN_CHECK_TEXTS.runIntro}</p>}
      {!saved && <p className="campaign-card__text">{CAMPAIGN_CHECK_TEXTS.notSaved}</p>}
      {saved && dirty && <p className="notice notice--info campaign-checks__notice">{CAMPAIGN_CHECK_TEXTS.unsavedChanges}</p>}
      {running && (
        <p className="campaign-checks__running" role="status">
          <span className="campaign-checks__spinner" aria-hidden="true" />
          {CAMPAIGN_CHECK_TEXTS.running}
        </p>
      )}
      {state.phase === 'failed' && (
        <p className="notice notice--error campaign-checks__notice" role="alert">
          {state.message}
        </p>
      )}
      {shown && !running && (
        <p className={`campaign-checks__summary campaign-checks__summary--${fails > 0 ? 'fail' : warns > 0 ? 'warn' : 'pass'}`} role="status">
          {CAMPAIGN_CHECK_TEXTS.summary(fails, warns)}
        </p>
      )}
      {shown && <div className={running ? 'campaign-checks__stale' : undefined}>{<CampaignChecksList checks={shown} />}</div>}
    </>
  );
  const button = (
    <Button variant="secondary" onClick={onRun} disabled={!saved || running}>
      {running ? CAMPAIGN_CHECK_TEXTS.runningShort : shown ? CAMPAIGN_CHECK_TEXTS.again : CAMPAIGN_CHECK_TEXTS.run}
    </Button>
  );
  if (compact) {
    return (
      <div className="campaign-checks campaign-checks--compact" aria-busy={running}>
        <div className="campaign-checks__head">
          <h3 className="campaign-checks__heading">{CAMPAIGN_CHECK_TEXTS.runTitle}</h3>
          {button}
        </div>
        {body}
      </div>
    );
  }
  return (
    <section className="dash-card campaign-card campaign-checks" aria-labelledby="campaign-checks-title" aria-busy={running}>
      <div className="campaign-card__head campaign-checks__head">
        <h2 id="campaign-checks-title" className="campaign-card__title">
          {CAMPAIGN_CHECK_TEXTS.runTitle}
        </h2>
        {button}
      </div>
      {body}
    </section>
  );
}
