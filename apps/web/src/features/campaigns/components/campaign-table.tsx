import { Link } from 'react-router';
import { AB_DIMENSION_LABELS } from '@postlark/shared/ab-tests';
import type { Campaign } from '@postlark/shared/campaigns';
import { Button } from '../../../components/ui/button';
import { hasReport, isDeletable, isEditable } from '../campaign-draft';
import { campaignPath, campaignReportPath } from '../campaigns-content';
import { formatMoment, formatSchedule } from '../schedule';
import { CampaignProgress } from './campaign-progress';
import { CampaignStatusBadge } from './campaign-status-badge';
import '../../../components/ui/card-table.css';
import '../../../components/ui/quiet-tag.css';
import './campaigns.css';

interface CampaignTableProps {
  campaigns: readonly Campaign[];
  busyId: string | null;
  onDuplicate(campaign: Campaign): void;
  onDelete(campaign: Campaign): void;
  /** "Delivered through Mailchimp" for a campaign a platform delivers (the app knows the connections); none: Postlark's own. */
  deliveredBy?(campaign: Campaign): string | null;
}

/** The campaigns, newest first: a table on wide screens, one card per campaign on phones (CSS). */
export function CampaignTable({ campaigns, busyId, onDuplicate, onDelete, deliveredBy }: CampaignTableProps) {
  return (
    <div className="dash-card dash-card--flush">
      <table className="campaign-table card-table" aria-label="Campaigns">
        <thead>
          <tr>
            <th scope="col">Campaign</th>
            <th scope="col">Status</th>
            <th scope="col">When</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {campaigns.map((campaign) => (
            <tr key={campaign.id} className="campaign-table__row">
              <td className="campaign-table__main">
                <Link className="card-table__name" to={campaignPath(campaign.id)}>
                  {campaign.name}
                </Link>
                <span className={`campaign-table__subject${campaign.subject ? '' : ' campaign-table__subject--none'}`}>{campaign.reader_subject || 'No subject yet'}</span>
                {campaign.ab_test && (
                  <span className="quiet-tag campaign-table__ab">
                    A/B test: {AB_DIMENSION_LABELS[campaign.ab_test.dimension].toLowerCase()}, {campaign.ab_test.variants.length} variants
                  </span>
                )}
                {deliveredBy?.(campaign) && <span className="quiet-tag campaign-table__delivered">{deliveredBy(campaign)}</span>}
              </td>
              <td className="campaign-table__status">
                <CampaignStatusBadge status={campaign.status} />
                {campaign.status === 'draft' && campaign.held_reason && <span className="campaign-table__held">{campaign.held_reason}</span>}
                {campaign.status === 'scheduled' && campaign.scheduled_at && (
                  <span className="campaign-table__detail">{formatSchedule(campaign.scheduled_at, campaign.scheduled_timezone)}</span>
                )}
                {campaign.messages && campaign.status !== 'draft' && (
                  <CampaignProgress name={campaign.name} status={campaign.status} counts={campaign.messages} relayError={campaign.relay_error} compact />
                )}
              </td>
              <td className="campaign-table__when">
                <When campaign={campaign} />
              </td>
              <td className="campaign-table__actions">
                <RowActions campaign={campaign} busy={busyId === campaign.id} onDuplicate={onDuplicate} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function When({ campaign }: { campaign: Campaign }) {
  const sent = campaign.finished_at ?? campaign.started_at;
  return (
    <dl className="campaign-table__times">
      {sent && (
        <div>
          <dt>{campaign.finished_at ? 'Sent' : 'Started'}</dt>
          <dd>{formatMoment(sent)}</dd>
        </div>
      )}
      <div>
        <dt>Created</dt>
        <dd>{formatMoment(campaign.created_at)}</dd>
      </div>
    </dl>
  );
}

function RowActions({ campaign, busy, onDuplicate, onDelete }: { campaign: Campaign; busy: boolean } & Pick<CampaignTableProps, 'onDuplicate' | 'onDelete'>) {
  const editable = isEditable(campaign.status);
  return (
    <div className="campaign-table__buttons">
      <Link className="card-table__action" to={campaignPath(campaign.id)} aria-label={`${editable ? 'Edit' : 'View'} ${campaign.name}`}>
        {editable ? 'Edit' : 'View'}
      </Link>
      {hasReport(campaign.status) && (
        <Link className="card-table__action" to={campaignReportPath(campaign.id)} aria-label={`Report of ${campaign.name}`}>
          Report
        </Link>
      )}
      <Button variant="ghost" className="card-table__action" aria-label={`Duplicate ${campaign.name}`} disabled={busy} onClick={() => onDuplicate(campaign)}>
        Duplicate
      </Button>
      {isDeletable(campaign.status) && (
        <Button variant="ghost" className="card-table__action card-table__action--danger" aria-label={`Delete ${campaign.name}`} disabled={busy} onClick={() => onDelete(campaign)}>
          Delete
        </Button>
      )}
    </div>
  );
}
