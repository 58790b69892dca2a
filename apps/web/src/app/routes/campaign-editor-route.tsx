import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Campaign } from '@postlark/shared/campaigns';
import { CAMPAIGN_TEXTS, campaignPath } from '../../features/campaigns/campaigns-content';
import { CampaignEditor } from '../../features/campaigns/components/campaign-editor';
import { PageLoadFailed, PageLoading } from '../../components/ui/page-state';
import { EDITOR_AB_TEST } from '../../features/ab-tests/components/editor-ab-test';
import { useCampaign } from '../../features/campaigns/hooks/use-campaign';
import { useAppSelector } from '../store-hooks';
import { useConnections } from '../use-connections';
import { useEditorAssistant } from './use-editor-assistant';
import './campaign-editor-route.css';

/**
 * /dashboard/campaigns/new and /dashboard/campaigns/{id}: the editor for a draft or a scheduled
 * campaign; one that has started sending opens read-only with its progress and report.
 */
export default function CampaignEditorRoute() {
  const { campaignId } = useParams();
  const id = campaignId && campaignId !== 'new' ? campaignId : null;
  const navigate = useNavigate();
  const accountEmail = useAppSelector((state) => state.login.profile?.email ?? '');
  const firstName = useAppSelector((state) => state.login.profile?.additional_info.first_name ?? '');
  const { campaign, failure, reload, replace } = useCampaign(id);
  const assistant = useEditorAssistant();
  const { connections, error: connectionsError } = useConnections();
  // The editor starts afresh for each campaign opened, but not when its own new campaign is first
  // saved and the address gains the id: a test, schedule or send that saved it carries on.
  const [created, setCreated] = useState<string | null>(null);
  const [shownId, setShownId] = useState(id);
  const [generation, setGeneration] = useState(0);
  if (id !== shownId) {
    setShownId(id);
    if (!(shownId === null && id === created)) setGeneration((count) => count + 1);
  }

  if (id && !campaign) {
    return (
      <div className="dash-card">
        {failure ? (
          <PageLoadFailed title={failure.status === 404 ? 'Campaign not found' : CAMPAIGN_TEXTS.campaignFailed} message={failure.message} onRetry={reload} />
        ) : (
          <PageLoading text={CAMPAIGN_TEXTS.loadingCampaign} />
        )}
      </div>
    );
  }

  const open = (next: Campaign) => {
    setCreated(next.id);
    replace(next);
    void navigate(campaignPath(next.id), { replace: true });
  };

  return (
    <CampaignEditor
      key={generation}
      campaign={campaign}
      initial={{ from_email: accountEmail, from_name: firstName }}
      replace={replace}
      assistant={assistant}
      abTest={EDITOR_AB_TEST}
      connections={connections}
      connectionsError={connectionsError}
      onCreated={open}
      onDuplicated={(copy) => {
        replace(copy);
        void navigate(campaignPath(copy.id));
      }}
    />
  );
}
