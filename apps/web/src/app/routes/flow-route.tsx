import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AbTestState } from '@postlark/shared/ab-tests';
import type { EmailStep, FlowStep, StepType } from '@postlark/shared/automations';
import type { FlowStats } from '@postlark/shared/automations-views';
import { CONTACT_TAB_PATH } from '@postlark/shared/routes';
import { confirmedAddresses } from '@postlark/shared/senders';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Modal } from '../../components/ui/modal';
import { PageLoadFailed, PageLoading } from '../../components/ui/page-state';
import { showToast } from '../../components/ui/toasts';
import { StepAbTest } from '../../features/ab-tests/components/step-ab-test';
import { AUTOMATION_TEXTS, AUTOMATIONS_PATH, stepTitle, triggerText } from '../../features/automations/automations-content';
import { asFlowFailure, fetchFlowChoices, type FlowChoices, makeWebhookSecret } from '../../features/automations/automations-thunks';
import { AddStepDialog } from '../../features/automations/components/add-step-dialog';
import { FlowCanvas } from '../../features/automations/components/flow-canvas';
import { FlowHeader } from '../../features/automations/components/flow-header';
import { FlowPeople } from '../../features/automations/components/flow-people';
import { FlowRulesSummary } from '../../features/automations/components/flow-rules-summary';
import { FlowStatsTable } from '../../features/automations/components/flow-stats-table';
import { RulesForm } from '../../features/automations/components/rules-form';
import type { EmailSlots } from '../../features/automations/components/step-email-form';
import { StepPanel } from '../../features/automations/components/step-panel';
import { TestPersonDialog } from '../../features/automations/components/test-person-dialog';
import { TriggerForm } from '../../features/automations/components/trigger-form';
import { VersionHistory } from '../../features/automations/components/version-history';
import { canAddExit, defaultFrom, insertStep, newStep, removeStep, replaceStep } from '../../features/automations/flow-edit';
import { flowProblems } from '../../features/automations/flow-errors';
import { unfinishedEmails, unfinishedParts } from '../../features/automations/unfinished-emails';
import type { Slot } from '../../features/automations/flow-layout';
import { CampaignContentEditor } from '../../features/campaigns/components/campaign-content-editor';
import { FromAddressField } from '../../features/campaigns/components/from-address-field';
import { MergeTagProblems } from '../../features/campaigns/components/merge-tag-problems';
import { useCampaignPreview } from '../../features/campaigns/hooks/use-campaign-preview';
import { useSenders } from '../../features/campaigns/hooks/use-senders';
import { useUnsavedChangesPrompt } from '../../lib/use-unsaved-changes-prompt';
import { useAppDispatch } from '../store-hooks';
import { useFlowBuilder } from '../use-flow-builder';
import { useFlowStats } from '../use-flow-stats';
import { useFlowTest } from '../use-flow-test';
import { useFlowVersions } from '../use-flow-versions';
import { choiceNames } from '../use-flows';
import './automations-route.css';

/** An email step's A/B test state, from the flow's figures (issue 20). */
function stepTestState(stats: FlowStats | null, stepId: string): AbTestState | null {
  return stats?.steps.find((entry) => entry.step_id === stepId)?.ab_test_state ?? null;
}

type Panel = { kind: 'step'; id: string } | { kind: 'trigger' } | { kind: 'rules' } | { kind: 'test' } | { kind: 'history' } | null;

/** /dashboard/automations/{id}: the flow builder, its live counts, versions and a dry run for one person. */
export default function FlowRoute() {
  const { flowId = '' } = useParams();
  const dispatch = useAppDispatch();
  const builder = useFlowBuilder(flowId);
  const { flow, draft, setDraft } = builder;
  const { stats, byStep, runs, error: statsError } = useFlowStats(flowId);
  const test = useFlowTest(flowId);
  const versions = useFlowVersions(flowId);
  const { overview: senders } = useSenders();
  const [choices, setChoices] = useState<FlowChoices | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [adding, setAdding] = useState<{ slot: Slot; label: string } | null>(null);
  const [removing, setRemoving] = useState<{ step: FlowStep; dropped: string[] } | null>(null);
  const [askUnfinished, setAskUnfinished] = useState(false);
  const unfinished = useMemo(() => (draft ? unfinishedEmails(draft) : []), [draft]);
  useUnsavedChangesPrompt(builder.dirty, AUTOMATION_TEXTS.leaveUnsaved);

  useEffect(() => {
    void dispatch(fetchFlowChoices())
      .unwrap()
      .then(setChoices, () => undefined);
  }, [dispatch]);

  const slots = useMemo<EmailSlots>(
    () => ({
      from: ({ value, error, onChange }) => <FromAddressField value={value} senders={senders} error={error} readOnly={false} onChange={onChange} />,
      content: (props) => <CampaignContentEditor {...props} />,
      checks: (step) => <EmailStepChecks step={step} />,
      abTest: ({ stepId, ...props }) => <StepAbTest {...props} state={stepTestState(stats, stepId)} />,
    }),
    [senders, stats],
  );

  if (!flow || !draft) {
    return (
      <div className="automations-page">
        <Link className="flow-back" to={AUTOMATIONS_PATH}>
          ← Automations
        </Link>
        <div className="dash-card">
          {builder.loadError ? <PageLoadFailed title={AUTOMATION_TEXTS.flowFailed} message={builder.loadError} onRetry={builder.reload} /> : <PageLoading text={AUTOMATION_TEXTS.loadingFlow} />}
        </div>
      </div>
    );
  }

  const problems = flowProblems(builder.errors, draft);
  const names = choiceNames(choices);
  const selectedStep = panel?.kind === 'step' ? (draft.steps.find((step) => step.id === panel.id) ?? null) : null;
  const titles = new Map(draft.steps.map((step) => [step.id, stepTitle(step)]));
  const from = defaultFrom(draft, senders ? confirmedAddresses(senders) : []);

  function add(slot: Slot, type: StepType) {
    if (!draft) return;
    if (type === 'exit' && !canAddExit(draft, slot)) {
      void showToast('error', AUTOMATION_TEXTS.exitOnlyAtEnd);
      return;
    }
    const step = newStep(draft, type, from);
    setDraft(insertStep(draft, slot, step));
    setAdding(null);
    setPanel({ kind: 'step', id: step.id });
  }

  function remove(step: FlowStep) {
    if (!draft) return;
    const outcome = removeStep(draft, step.id);
    if (outcome.dropped.length > 0) {
      setRemoving({ step, dropped: outcome.dropped });
      return;
    }
    setDraft(outcome.definition);
    setPanel(null);
  }

  return (
    <div className="automations-page flow-page">
      <FlowHeader
        flow={flow}
        people={stats ? { active: stats.runs.active, entered: Object.values(stats.runs).reduce((sum, count) => sum + count, 0) } : { active: flow.active_runs, entered: flow.total_runs }}
        name={builder.name}
        dirty={builder.dirty}
        busy={builder.busy}
        onName={builder.setName}
        onSave={() => void builder.save()}
        onActivate={() => (unfinished.length > 0 ? setAskUnfinished(true) : void builder.activate())}
        onPause={() => void builder.pause()}
        onTest={() => setPanel({ kind: 'test' })}
        onHistory={() => {
          versions.load();
          setPanel({ kind: 'history' });
        }}
      />
      {(builder.message || problems.other.length > 0) && (
        <div className="notice notice--error flow-page__problems" role="alert">
          <p>{builder.message}</p>
          {problems.other
            .filter((text) => text !== builder.message)
            .map((text) => (
              <p key={text}>{text}</p>
            ))}
          {'postal_address' in builder.errors && <Link to={CONTACT_TAB_PATH}>Add your postal address</Link>}
        </div>
      )}
      <FlowRulesSummary definition={draft} problem={Object.keys(problems.settings).some((path) => !path.startsWith('trigger')) ? 'Check these rules' : undefined} onEdit={() => setPanel({ kind: 'rules' })} />
      {statsError && <p className="flow-page__stats-error">{statsError}</p>}
      <FlowCanvas
        definition={draft}
        triggerText={triggerText(draft.trigger, names)}
        stats={byStep}
        problems={problems.cards}
        selected={panel?.kind === 'step' ? panel.id : panel?.kind === 'trigger' ? 'trigger' : null}
        onOpenTrigger={() => setPanel({ kind: 'trigger' })}
        onOpenStep={(step) => setPanel({ kind: 'step', id: step.id })}
        onAdd={(slot, label) => setAdding({ slot, label })}
        onDrop={add}
      />
      {draft.steps.length === 0 && <p className="flow-page__hint">{AUTOMATION_TEXTS.noSteps}</p>}
      <FlowStatsTable definition={draft} stats={byStep} />
      <FlowPeople runs={runs} titles={titles} />

      <StepPanel
        step={selectedStep}
        errors={selectedStep ? (problems.steps[selectedStep.id] ?? {}) : {}}
        choices={choices}
        slots={slots}
        onChange={(step) => setDraft(replaceStep(draft, step))}
        onNewSecret={async () => {
          try {
            return (await dispatch(makeWebhookSecret()).unwrap()).secret;
          } catch (reason) {
            throw new Error(asFlowFailure(reason, AUTOMATION_TEXTS.actionFailed).message, { cause: reason });
          }
        }}
        onRemove={remove}
        onClose={() => setPanel(null)}
      />
      <Modal variant="side" open={panel?.kind === 'trigger'} title="Trigger" description="What starts the flow for a person." onClose={() => setPanel(null)}>
        <TriggerForm trigger={draft.trigger} choices={choices} errors={problems.settings} onChange={(trigger) => setDraft({ ...draft, trigger })} />
        <div className="flow-panel__actions">
          <Button onClick={() => setPanel(null)}>Done</Button>
        </div>
      </Modal>
      <Modal variant="side" open={panel?.kind === 'rules'} title="Flow rules" description="Who may enter again, how often it emails, when it keeps quiet, and its goal." onClose={() => setPanel(null)}>
        <RulesForm rules={draft.rules} goal={draft.goal} errors={problems.settings} onChange={(rules, goal) => setDraft({ ...draft, rules, goal })} />
        <div className="flow-panel__actions">
          <Button onClick={() => setPanel(null)}>Done</Button>
        </div>
      </Modal>
      <AddStepDialog where={adding?.label ?? null} exitAllowed={adding ? canAddExit(draft, adding.slot) : false} onPick={(type) => adding && add(adding.slot, type)} onClose={() => setAdding(null)} />
      <VersionHistory
        open={panel?.kind === 'history'}
        versions={versions.versions}
        current={flow.version}
        error={versions.error}
        onLoad={(version) =>
          void versions.definition(version).then((definition) => {
            if (!definition) return;
            setDraft(definition);
            setPanel(null);
            void showToast('success', AUTOMATION_TEXTS.versionLoaded(version));
          })
        }
        onClose={() => setPanel(null)}
      />
      <TestPersonDialog
        open={panel?.kind === 'test'}
        state={test.state}
        titles={titles}
        unsaved={builder.dirty}
        onSearch={test.search}
        onPickPerson={test.pick}
        onRun={test.run}
        onClose={() => setPanel(null)}
      />
      <ConfirmDialog
        open={askUnfinished}
        title={AUTOMATION_TEXTS.unfinishedTitle}
        description={AUTOMATION_TEXTS.unfinishedDescription(unfinished.map((found) => stepTitle(found.step)))}
        confirmLabel={AUTOMATION_TEXTS.unfinishedConfirm}
        busyLabel="Activating..."
        busy={builder.busy === 'activate'}
        onConfirm={() => {
          setAskUnfinished(false);
          void builder.activate();
        }}
        onClose={() => setAskUnfinished(false)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove “${stepTitle(removing.step)}”?` : ''}
        description={removing ? `Its other path goes with it: ${removing.dropped.map((id) => titles.get(id) ?? id).join(', ')}.` : ''}
        confirmLabel="Remove steps"
        busyLabel="Removing..."
        busy={false}
        error=""
        onConfirm={() => {
          if (!removing) return;
          setDraft(removeStep(draft, removing.step.id).definition);
          setRemoving(null);
          setPanel(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}

const CHECKED_FIELDS = { subject: 'Subject', preheader: 'Preview text', content_html: 'Content' } as const;

/** An email step's merge tags, checked by the campaign preview as the person types (nothing is saved). */
function EmailStepChecks({ step }: { step: EmailStep }) {
  const { preview } = useCampaignPreview({ from_name: step.from_name, subject: step.subject, preheader: step.preheader, content_html: step.content_html, content_text: step.content_text });
  const problems = Object.entries(CHECKED_FIELDS).flatMap(([field, label]) =>
    (preview?.problems[field as keyof typeof CHECKED_FIELDS] ?? []).map((problem) => ({ ...problem, message: `${label}: ${problem.message}` })),
  );
  const unfinished = useMemo(() => unfinishedParts(step.content_html), [step.content_html]);
  return (
    <>
      {(unfinished.sentences.length > 0 || unfinished.links.length > 0) && <p className="notice notice--info">{AUTOMATION_TEXTS.unfinishedStep}</p>}
      <MergeTagProblems id="email-step-problems" problems={problems} />
    </>
  );
}
