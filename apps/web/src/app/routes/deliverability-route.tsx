import { Link } from 'react-router';
import { DELIVERABILITY_TEXTS, type DeliverabilityOverview } from '@postlark/shared/deliverability';
import { ROUTES } from '@postlark/shared/routes';
import { Button, buttonClass } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { CardLoadState } from '../../components/ui/page-state';
import { DELIVERABILITY_PAGE_TEXTS as TEXTS } from '../../features/deliverability/deliverability-content';
import { PauseBanner } from '../../features/deliverability/components/pause-banner';
import { ProviderDays } from '../../features/deliverability/components/provider-days';
import { SenderRefusals } from '../../features/deliverability/components/sender-refusals';
import { SendingDomains } from '../../features/deliverability/components/sending-domains';
import { SendingLimits } from '../../features/deliverability/components/sending-limits';
import { type Deliverability, useDeliverability } from '../use-deliverability';
import '../../components/ui/data-table.css';
import '../../components/ui/notice.css';
import '../../features/deliverability/components/deliverability.css';

/**
 * The pause, when a guardrail set one: the customer lifts a first one themselves by saying they
 * removed the people who did not agree (the button's label says it, so no dialog asks it again);
 * a second within 30 days only support lifts.
 */
function Pause({ pause, state }: { pause: NonNullable<DeliverabilityOverview['sending']['paused']>; state: Deliverability }) {
  return (
    <PauseBanner pause={pause}>
      {pause.can_resume ? (
        <Button onClick={state.resume} disabled={state.resuming} aria-busy={state.resuming}>
          {state.resuming ? TEXTS.resuming : DELIVERABILITY_TEXTS.resume}
        </Button>
      ) : (
        <p className="pause-banner__support">{DELIVERABILITY_TEXTS.resumeBySupport}</p>
      )}
    </PauseBanner>
  );
}

/**
 * /dashboard/deliverability (issue 32, point 7): where the account stands with mailbox providers.
 * A guardrail's pause first, then the sending limits, the last 30 days by provider (charts with
 * their tables), the sending domains' records and the latest refusals of the sender.
 */
export default function DeliverabilityRoute() {
  const state = useDeliverability();
  const { overview } = state;

  return (
    <div className="deliverability-page">
      <PageHeader
        title={TEXTS.title}
        lead={TEXTS.lead}
        actions={
          <Link className={buttonClass('secondary')} to={ROUTES.senders}>
            {TEXTS.sendersLink}
          </Link>
        }
      />
      {overview && state.error && (
        <p className="notice notice--error" role="alert">
          {state.error}
        </p>
      )}
      {overview ? (
        <>
          {overview.sending.paused && <Pause pause={overview.sending.paused} state={state} />}
          <SendingLimits sending={overview.sending} asOf={overview.as_of} />
          <ProviderDays overview={overview} />
          <SendingDomains domains={overview.domains} />
          <SenderRefusals refusals={overview.refusals} />
        </>
      ) : (
        <CardLoadState error={state.error || null} failedTitle={TEXTS.failed} loadingText={TEXTS.loading} onRetry={state.retry} />
      )}
    </div>
  );
}
