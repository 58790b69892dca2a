import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { NEW_CAMPAIGN_PATH } from '../campaigns-content';
import './campaigns.css';

const ICONS = {
  send: 'M22 2 11 13M22 2l-7 20-4-9-9-4z',
  warning: 'M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
} as const;

/** A page-sized state in a card: an icon, what is going on, and what to do next. */
export function CampaignsState({ icon, title, text, action, role }: { icon: keyof typeof ICONS; title: string; text: ReactNode; action?: ReactNode; role?: 'alert' }) {
  return (
    <div className="dash-card campaigns-state" role={role}>
      <span className="campaigns-state__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d={ICONS[icon]} />
        </svg>
      </span>
      <h2 className="campaigns-state__title">{title}</h2>
      <p className="campaigns-state__text">{text}</p>
      {action}
    </div>
  );
}

export function CampaignsEmpty() {
  return (
    <CampaignsState
      icon="send"
      title="No campaigns yet"
      text="Start from a newsletter, an announcement or a plain letter, send yourself a test, then send it to your audience."
      action={
        <Link className={buttonClass('primary')} to={NEW_CAMPAIGN_PATH}>
          Create your first campaign
        </Link>
      }
    />
  );
}

export function CampaignsFailed({ title = 'Could not load your campaigns.', message, onRetry }: { title?: string; message: string; onRetry(): void }) {
  return (
    <CampaignsState
      icon="warning"
      role="alert"
      title={title}
      text={message}
      action={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

export function CampaignsLoading({ text }: { text: string }) {
  return (
    <div className="dash-card">
      <p className="campaigns-loading" role="status">
        {text}
      </p>
    </div>
  );
}
