import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import { ACCOUNT_PLAN_ID, type AccountPlanView, trialDaysLeft, trialEndsAt } from '@postlark/shared/plans';
import { SITE } from '@postlark/shared/site';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { readAccountCreatedAt } from './account-plan.repository';

/**
 * The account's plan and its free trial (SPEC section 9: 7 days on all plans), counted from the
 * account's creation by the server's clock. Every account is on Basic: no payment exists yet, so a
 * trial that has ended changes nothing but what the Upgrade panel says (trialDaysLeft explains why).
 */
export async function readAccountPlan(deps: { db: Db; now: () => Date }, customerId: string): Promise<AccountPlanView> {
  const createdAt = await readAccountCreatedAt(deps.db, customerId);
  if (!createdAt) throw new HttpError(404, AUTH_API_MESSAGES.userNotFound);
  return {
    plan: ACCOUNT_PLAN_ID,
    trial_days: SITE.freeTrialDays,
    trial_started_at: createdAt.toISOString(),
    trial_ends_at: trialEndsAt(createdAt).toISOString(),
    trial_days_left: trialDaysLeft(createdAt, deps.now()),
  };
}
