import type { AbTestReport, AbTestState } from './ab-tests';
import type { FlowDefinition, FlowStatus, FlowTrigger, StepType } from './automations';

// What the automations routes answer: flows, their versions, figures per step, one person's run
// and a tried path.

export interface FlowSummary {
  id: string;
  name: string;
  status: FlowStatus;
  version: number;
  trigger: FlowTrigger;
  created_at: string;
  updated_at: string;
  activated_at: string | null;
  /** People in the flow now, and all who ever entered. */
  active_runs: number;
  total_runs: number;
}

export interface Flow extends FlowSummary {
  definition: FlowDefinition;
}

export interface FlowVersionSummary {
  version: number;
  created_at: string;
}

export interface StepStats {
  step_id: string;
  type: StepType;
  /** People who reached the step. */
  entered: number;
  /** Waiting at it now (or deferred, or being worked on). */
  waiting: number;
  /** Done with it (including skipped, failed or unknown). */
  completed: number;
  skipped: number;
  failed: number;
  /** Left unknown by a worker that stopped while sending its email or webhook. */
  unknown: number;
  emails_sent: number;
  /** Human opens and clicks (people, not machine opens). */
  opens: number;
  clicks: number;
  /** Runs through this step that reached the goal. */
  goal_conversions: number;
  /** order_placed value within the attribution window of this step's emails, by currency. */
  revenue: Record<string, number>;
  /** An email step's A/B test: where it is (issue 20); absent without one. */
  ab_test_state?: AbTestState;
  /** The same test's figures per variant, over the people sent it so far; absent without one. */
  ab_test?: AbTestReport;
}

export interface FlowStats {
  flow_id: string;
  runs: { active: number; completed: number; exited: number; goal: number; unsubscribed: number };
  entries: { pending: number; refused: number };
  /** Days after an automation email an order counts for it (the last automation email before the order). */
  attribution_days: number;
  revenue: Record<string, number>;
  steps: StepStats[];
}

export interface FlowRunNote {
  step_id: string | null;
  kind: 'skipped' | 'deferred' | 'refused' | 'failed' | 'unknown' | 'moved' | 'ended';
  reason: string;
  at: string;
}

export interface FlowRunView {
  id: string;
  subscriber_id: string;
  email: string;
  version: number;
  status: 'active' | 'completed' | 'exited' | 'goal' | 'unsubscribed';
  started_at: string;
  ended_at: string | null;
  end_reason: string | null;
  steps: { step_id: string; type: StepType; status: string; outcome: string | null; reason: string | null; due_at: string; finished_at: string | null }[];
  notes: FlowRunNote[];
}

export interface FlowTestStep {
  step_id: string;
  type: StepType;
  /** What would happen: sent, would_skip, deferred, waited, branch, updated, called, exited, ... */
  outcome: string;
  /** Why, in words. */
  reason: string;
  /** When the person would reach the step. */
  at: string;
}

export interface FlowTestResult {
  /** Whether the person would enter, and why (or why not). */
  enters: boolean;
  reason: string;
  path: FlowTestStep[];
}
