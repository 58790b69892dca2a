import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { PageState } from '../../../components/ui/page-state';
import { NEW_CAMPAIGN_PATH } from '../campaigns-content';

/** The Campaigns page before the first campaign: where to start; `text` says why a filtered list is empty. */
export function CampaignsEmpty({ text }: { text?: string }) {
  return (
    <div className="dash-card">
      <PageState
        icon="send"
        title="No campaigns yet"
        text={text ?? 'Start from a newsletter, an announcement or a plain letter, send yourself a test, then send it to your audience.'}
        action={
          <Link className={buttonClass('primary')} to={NEW_CAMPAIGN_PATH}>
            Create your first campaign
          </Link>
        }
      />
    </div>
  );
}
