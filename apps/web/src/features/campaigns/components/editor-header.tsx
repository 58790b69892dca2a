import { Link } from 'react-router';
import type { Campaign } from '@postlark/shared/campaigns';
import { OWN_TEMPLATE_TEXTS } from '@postlark/shared/own-templates';
import { Button } from '../../../components/ui/button';
import { CAMPAIGN_TEXTS, CAMPAIGNS_PATH } from '../campaigns-content';
import { formatSchedule } from '../schedule';
import { CampaignStatusBadge } from './campaign-status-badge';
import '../../../components/ui/page-header.css';

interface EditorHeaderProps {
  campaign: Campaign | null;
  name: string;
  editable: boolean;
  dirty: boolean;
  busy: string | null;
  onSave(): void;
  onTest(): void;
  onSchedule(): void;
  onUnschedule(): void;
  onSend(): void;
  onDuplicate(): void;
  /** "Save as template": the subject and content as they are on screen, under a name. */
  onSaveTemplate(): void;
}

/** The page's title and the campaign's actions: save, test, schedule and send, or duplicate; any campaign may be saved as a template. */
export function EditorHeader({ campaign, name, editable, dirty, busy, onSave, onTest, onSchedule, onUnschedule, onSend, onDuplicate, onSaveTemplate }: EditorHeaderProps) {
  const scheduled = campaign?.status === 'scheduled' && campaign.scheduled_at;
  return (
    <header className="campaign-editor__head">
      <Link className="campaign-editor__back" to={CAMPAIGNS_PATH}>
        ← Campaigns
      </Link>
      <div className="campaign-editor__title-row">
        <div className="campaign-editor__title-block">
          <h1 className="page-header__title campaign-editor__title">{campaign ? campaign.name : name.trim() || 'New campaign'}</h1>
          <p className="campaign-editor__meta">
            {campaign && <CampaignStatusBadge status={campaign.status} />}
            {scheduled && <span>Goes out {formatSchedule(campaign.scheduled_at!, campaign.scheduled_timezone)}</span>}
            {editable && (
              <span className={`campaign-editor__saved${dirty || !campaign ? ' campaign-editor__saved--dirty' : ''}`} role="status">
                {dirty || !campaign ? CAMPAIGN_TEXTS.unsaved : CAMPAIGN_TEXTS.allSaved}
              </span>
            )}
          </p>
        </div>
        <div className="page-header__actions campaign-editor__actions">
          <Button variant="ghost" disabled={busy !== null} onClick={onSaveTemplate}>
            {OWN_TEMPLATE_TEXTS.saveAction}
          </Button>
          {editable ? (
            <>
              <Button variant="secondary" disabled={busy !== null} onClick={onSave}>
                {busy === 'save' ? 'Saving...' : 'Save'}
              </Button>
              <Button variant="secondary" disabled={busy !== null} onClick={onTest}>
                Send test
              </Button>
              {scheduled ? (
                <Button variant="secondary" disabled={busy !== null} onClick={onUnschedule}>
                  Unschedule
                </Button>
              ) : (
                <Button variant="secondary" disabled={busy !== null} onClick={onSchedule}>
                  Schedule
                </Button>
              )}
              <Button disabled={busy !== null} onClick={onSend}>
                Send now
              </Button>
            </>
          ) : (
            <Button variant="secondary" disabled={busy !== null} onClick={onDuplicate}>
              Duplicate
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
