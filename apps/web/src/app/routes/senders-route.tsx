import { useState } from 'react';
import { Link } from 'react-router';
import type { SenderDomain, SenderIdentity } from '@postlark/shared/senders';
import { buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CardLoadState } from '../../components/ui/page-state';
import { showToast } from '../../components/ui/toasts';
import { CAMPAIGNS_PATH, SENDER_TEXTS } from '../../features/campaigns/campaigns-content';
import { asCampaignFailure } from '../../features/campaigns/campaigns-thunks';
import { SenderAddressesCard } from '../../features/campaigns/components/senders/sender-addresses-card';
import { SenderDomainsCard } from '../../features/campaigns/components/senders/sender-domains-card';
import { SeedListsCard } from '../../features/campaigns/components/senders/seed-lists-card';
import { useCampaignDispatch } from '../../features/campaigns/hooks/use-campaign-dispatch';
import { useSenders } from '../../features/campaigns/hooks/use-senders';
import type { SenderChange } from '../../features/campaigns/senders-api';
import { changeSenders, checkSenderDomain } from '../../features/campaigns/senders-thunks';
import type { CheckOutcome } from '../../features/campaigns/components/senders/sender-domain-panel';
import '../../components/ui/notice.css';
import '../../features/campaigns/components/senders/senders.css';
import { PageHeader } from '../../components/ui/page-header';

type Removal = { kind: 'sender'; sender: SenderIdentity } | { kind: 'domain'; domain: SenderDomain } | null;

/** /dashboard/senders: the domains and addresses campaigns may be sent from; add, confirm, check, remove. */
export default function SendersRoute() {
  const dispatch = useCampaignDispatch();
  const { overview, error, reload, replaceDomain } = useSenders();
  const [busy, setBusy] = useState<string | null>(null);
  const [removal, setRemoval] = useState<Removal>(null);
  const [removeError, setRemoveError] = useState('');

  /** Runs one change; answers the field's message when the server refused it with one. */
  async function run(change: SenderChange, busyKey: string, field?: 'email' | 'domain'): Promise<string | undefined> {
    setBusy(busyKey);
    try {
      void showToast('success', await dispatch(changeSenders(change)).unwrap());
      return undefined;
    } catch (reason) {
      const failure = asCampaignFailure(reason, SENDER_TEXTS.changeFailed);
      const onField = field ? failure.errors[field] : undefined;
      if (!onField) void showToast('error', failure.message);
      return onField;
    } finally {
      setBusy(null);
      reload();
    }
  }

  /** "Check now": the new states are shown at once; the page is read again for what they changed. */
  async function check(domain: SenderDomain): Promise<CheckOutcome> {
    try {
      const answer = await dispatch(checkSenderDomain(domain.id)).unwrap();
      replaceDomain(answer.domain);
      reload();
      return { ok: true, message: answer.message };
    } catch (reason) {
      return { ok: false, message: asCampaignFailure(reason, SENDER_TEXTS.changeFailed).message };
    }
  }

  async function remove() {
    if (!removal) return;
    setBusy(removal.kind === 'sender' ? removal.sender.id : removal.domain.id);
    setRemoveError('');
    try {
      const change: SenderChange = removal.kind === 'sender' ? { kind: 'remove-sender', id: removal.sender.id } : { kind: 'remove-domain', id: removal.domain.id };
      void showToast('success', await dispatch(changeSenders(change)).unwrap());
      setRemoval(null);
      reload();
    } catch (reason) {
      setRemoveError(asCampaignFailure(reason, SENDER_TEXTS.changeFailed).message);
    }
    setBusy(null);
  }

  let content;
  if (overview) {
    content = (
      <>
        <SenderDomainsCard
          domains={overview.domains}
          busy={busy}
          onAdd={(domain) => run({ kind: 'add-domain', domain }, 'add-domain', 'domain')}
          onCheck={check}
          onRemove={(domain) => setRemoval({ kind: 'domain', domain })}
        />
        <SenderAddressesCard
          overview={overview}
          busy={busy}
          onAdd={(email) => run({ kind: 'add-sender', email }, 'add', 'email')}
          onResend={(sender) => void run({ kind: 'resend', id: sender.id }, sender.id)}
          onRemove={(sender) => setRemoval({ kind: 'sender', sender })}
        />
        <SeedListsCard />
      </>
    );
  } else {
    content = <CardLoadState error={error} failedTitle={SENDER_TEXTS.loadFailed} loadingText={SENDER_TEXTS.loading} onRetry={reload} />;
  }

  const removing = removal?.kind === 'sender' ? removal.sender.email : removal?.domain.domain;
  return (
    <div className="senders-page">
      <PageHeader
        title="Senders"
        lead={SENDER_TEXTS.lead}
        actions={
          <Link className={buttonClass('secondary')} to={CAMPAIGNS_PATH}>
            Campaigns
          </Link>
        }
      />
      {overview && error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {content}
      <ConfirmDialog
        open={removal !== null}
        title={removing ? `Remove ${removing}?` : ''}
        description={
          removal?.kind === 'domain'
            ? 'Its addresses can no longer send campaigns, and its key is deleted: adding it again means publishing a new DKIM record. Scheduled campaigns from it will not go out.'
            : 'Campaigns can no longer be sent from this address, and tests no longer go to it. Scheduled campaigns from it will not go out.'
        }
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={busy !== null && removal !== null}
        error={removeError}
        onConfirm={() => void remove()}
        onClose={() => {
          setRemoval(null);
          setRemoveError('');
        }}
      />
    </div>
  );
}
