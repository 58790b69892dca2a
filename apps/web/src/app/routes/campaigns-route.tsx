import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Campaign } from '@postlark/shared/campaigns';
import { DELIVERY_TEXTS, PLATFORM_NAMES } from '@postlark/shared/integrations';
import { ROUTES } from '@postlark/shared/routes';
import { buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { showToast } from '../../components/ui/toasts';
import { CAMPAIGN_TEXTS, CAMPAIGNS_PATH, campaignPath, NEW_CAMPAIGN_PATH, SENDERS_PATH } from '../../features/campaigns/campaigns-content';
import { asCampaignFailure, removeCampaign, runCampaignAction } from '../../features/campaigns/campaigns-thunks';
import { CampaignsEmpty } from '../../features/campaigns/components/campaigns-empty';
import { CardLoadState } from '../../components/ui/page-state';
import { CampaignTable } from '../../features/campaigns/components/campaign-table';
import { deliveredByLabel, platformFilter } from '../../features/campaigns/delivery';
import { useCampaigns } from '../../features/campaigns/hooks/use-campaigns';
import { useAppDispatch } from '../store-hooks';
import { useConnections } from '../use-connections';
import { useRemoval } from '../use-removal';
import { PlatformFilterNotice } from './platform-filter-notice';
import './campaigns-route.css';
import { PageHeader } from '../../components/ui/page-header';

/**
 * /dashboard/campaigns: every campaign with its status and live progress, and the platform that
 * delivers it; new, duplicate, delete. ?platform= (the sidebar's sub-items) shows only a platform's.
 */
export default function CampaignsRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const platform = platformFilter(search.get('platform'));
  const { campaigns, error, reload } = useCampaigns(platform);
  const { connections } = useConnections();
  const [busyId, setBusyId] = useState<string | null>(null);
  const removal = useRemoval<Campaign>(
    (campaign) => dispatch(removeCampaign(campaign.id)).unwrap(),
    (reason) => asCampaignFailure(reason, CAMPAIGN_TEXTS.actionFailed).message,
    reload,
  );
  const deleting = removal.item;

  async function duplicate(campaign: Campaign) {
    setBusyId(campaign.id);
    try {
      const { message, campaign: copy } = await dispatch(runCampaignAction({ id: campaign.id, action: 'duplicate' })).unwrap();
      void showToast('success', message);
      void navigate(campaignPath(copy.id));
    } catch (reason) {
      void showToast('error', asCampaignFailure(reason, CAMPAIGN_TEXTS.actionFailed).message);
      setBusyId(null);
    }
  }

  let content;
  if (campaigns && campaigns.length > 0) {
    content = (
      <CampaignTable
        campaigns={campaigns}
        busyId={busyId}
        onDuplicate={(campaign) => void duplicate(campaign)}
        onDelete={removal.ask}
        deliveredBy={(campaign) => deliveredByLabel(connections, campaign.delivery_connection_id)}
      />
    );
  } else if (campaigns) {
    content = <CampaignsEmpty text={platform ? DELIVERY_TEXTS.noCampaigns(PLATFORM_NAMES[platform]) : undefined} />;
  } else {
    content = <CardLoadState error={error} failedTitle={CAMPAIGN_TEXTS.campaignsFailed} loadingText={CAMPAIGN_TEXTS.loadingCampaigns} onRetry={reload} />;
  }

  return (
    <div className="campaigns-page">
      <PageHeader
        title="Campaigns"
        lead="Write an email, test it, then send it to your lists and segments now or at a time you choose."
        actions={
          <>
            <Link className={buttonClass('secondary')} to={SENDERS_PATH}>
              Senders
            </Link>
            <Link className={buttonClass('primary')} to={NEW_CAMPAIGN_PATH}>
              New campaign
            </Link>
          </>
        }
      />
      {platform && <PlatformFilterNotice platform={platform} clearTo={CAMPAIGNS_PATH} />}
      {campaigns && error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {content}
      <p className="campaigns-page__more">
        Emails that go out on their own when someone joins, leaves a cart or buys are <Link to={ROUTES.automations}>Automations</Link>.
      </p>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete “${deleting.name}”?` : ''}
        description={
          deleting?.status === 'sent' || deleting?.status === 'cancelled'
            ? 'The campaign and its report are removed. The emails already sent stay in your subscribers’ inboxes.'
            : 'The campaign is removed. Nobody has received it.'
        }
        confirmLabel="Delete campaign"
        busyLabel="Deleting..."
        busy={removal.busy}
        error={removal.error}
        onConfirm={removal.confirm}
        onClose={removal.close}
      />
    </div>
  );
}
