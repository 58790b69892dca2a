import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_FLOW_RULES } from '@postlark/shared/automations';
import type { Flow } from '@postlark/shared/automations-views';
import { buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Modal } from '../../components/ui/modal';
import { CardLoadState, PageState } from '../../components/ui/page-state';
import { showToast } from '../../components/ui/toasts';
import type { FlowTemplate } from '../../features/automations/automations-api';
import { AUTOMATION_TEXTS, CHOOSE_ID, flowPath } from '../../features/automations/automations-content';
import { asFlowFailure, createFlow, removeFlow } from '../../features/automations/automations-thunks';
import { FlowsTable } from '../../features/automations/components/flows-table';
import { TemplateChoices } from '../../features/automations/components/template-choices';
import { CAMPAIGNS_PATH } from '../../features/campaigns/campaigns-content';
import { useAppDispatch } from '../store-hooks';
import { useRemoval } from '../use-removal';
import { choiceNames, useFlows } from '../use-flows';
import './automations-route.css';
import { PageHeader } from '../../components/ui/page-header';

/** /dashboard/automations: the flows with their counts; a new one from a starter template or blank. */
export default function AutomationsRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { flows, stats, templates, choices, error, reload } = useFlows();
  const [picking, setPicking] = useState(false);
  const [creating, setCreating] = useState<string | null>(null);
  const removal = useRemoval<Flow>(
    (flow) => dispatch(removeFlow(flow.id)).unwrap(),
    (reason) => asFlowFailure(reason, AUTOMATION_TEXTS.actionFailed).message,
    reload,
  );

  async function create(template: FlowTemplate | null) {
    setCreating(template?.id ?? 'blank');
    try {
      const body = template
        ? { name: template.name, template: template.id }
        : { name: 'Untitled flow', definition: { trigger: { type: 'list_joined' as const, list_id: CHOOSE_ID }, start: null, steps: [], rules: DEFAULT_FLOW_RULES, goal: null } };
      const { message, flow } = await dispatch(createFlow(body)).unwrap();
      void showToast('success', message);
      void navigate(flowPath(flow.id));
    } catch (reason) {
      void showToast('error', asFlowFailure(reason, AUTOMATION_TEXTS.actionFailed).message);
      setCreating(null);
    }
  }

  let content;
  if (flows && flows.length > 0) {
    content = <FlowsTable flows={flows} stats={stats} names={choiceNames(choices)} onDelete={removal.ask} />;
  } else if (flows) {
    content = (
      <div className="dash-card automations-empty">
        <PageState icon="send" title="No flows yet" text="A flow sends the right email on its own when someone joins, leaves a cart, buys or has a birthday. Start from one of these:" />
        <TemplateChoices templates={templates} busy={creating} onPick={(template) => void create(template)} />
      </div>
    );
  } else {
    content = <CardLoadState error={error} failedTitle={AUTOMATION_TEXTS.flowsFailed} loadingText={AUTOMATION_TEXTS.loadingFlows} onRetry={reload} />;
  }

  return (
    <div className="automations-page">
      <PageHeader
        title="Automations"
        lead="Flows that email people on their own when they do something: join a list, leave a cart, buy, or have a birthday."
        actions={
          <>
            <Link className={buttonClass('secondary')} to={CAMPAIGNS_PATH}>
              Campaigns
            </Link>
            {flows && flows.length > 0 && (
              <button type="button" className={buttonClass('primary')} onClick={() => setPicking(true)}>
                New flow
              </button>
            )}
          </>
        }
      />
      {content}
      <Modal open={picking} title="New flow" description="Start from a template and make it yours, or from a blank flow." onClose={() => setPicking(false)}>
        <TemplateChoices templates={templates} busy={creating} onPick={(template) => void create(template)} />
      </Modal>
      <ConfirmDialog
        open={removal.item !== null}
        title={removal.item ? `Delete “${removal.item.name}”?` : ''}
        description="The flow, its versions and its counts are removed. Emails it already sent stay in people’s inboxes."
        confirmLabel="Delete flow"
        busyLabel="Deleting..."
        busy={removal.busy}
        error={removal.error}
        onConfirm={removal.confirm}
        onClose={removal.close}
      />
    </div>
  );
}
