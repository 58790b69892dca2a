import { SITE } from './site';

// SPEC section 9: three plans, no prices; only Basic is available. One definition for the landing
// page's pricing section and the dashboard's Upgrade panel (issue 23), so both say the same.
export const PLANS = [
  {
    id: 'basic',
    name: 'Basic Plan',
    description: 'For creators sending their first campaigns with AI help.',
    features: ['A small, fast AI model', 'Any 2 platform integrations', 'Limited A/B testing', 'Limited analytics'],
    colour: 'primary',
    buttonText: 'Join Waitlist',
    available: true,
  },
  {
    id: 'premium',
    name: 'Premium Plan',
    description: 'For growing newsletters and marketing teams.',
    features: ['A mid-tier AI model', 'Any 5 integrations', 'A dedicated manager', '24/7 support'],
    colour: 'violet',
    buttonText: 'Coming Soon',
    available: false,
  },
  {
    id: 'enterprise',
    name: 'Enterprise Plan',
    description: 'For brands that send at scale and want every edge.',
    features: ['Our top AI model', 'Unlimited AI suggestions', 'Unlimited A/B testing'],
    colour: 'coral',
    buttonText: 'Coming Soon',
    available: false,
  },
] as const;

export type Plan = (typeof PLANS)[number];
export type PlanId = Plan['id'];

/** The ribbon and disabled button of a plan that is not available yet (SPEC section 4). */
export const COMING_SOON = 'Coming Soon';

/** Every account is on Basic, the one available plan; no payment is taken (issue 23). */
export const ACCOUNT_PLAN_ID: PlanId = 'basic';

/** GET /api/home/v1/user/{customerId}/plan: the account's plan and its free trial, counted by the server. */
export interface AccountPlanView {
  plan: PlanId;
  trial_days: number;
  /** When the account was created: the trial's start. */
  trial_started_at: string;
  trial_ends_at: string;
  /** Whole days left, rounded up; 0 once the trial has ended. */
  trial_days_left: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The trial's days left at `now`: the trial runs SITE.freeTrialDays × 24 hours from the account's
 * creation, and a part of a day counts as a day, so a new account has 7 days left until a full day
 * has passed, and 1 day left in its last hours. At its end it is 0: the dashboard says the trial
 * has ended and keeps working (nothing is charged or locked, as no payment exists yet).
 */
export function trialDaysLeft(createdAt: Date, now: Date, trialDays: number = SITE.freeTrialDays): number {
  const left = createdAt.getTime() + trialDays * DAY_MS - now.getTime();
  return left <= 0 ? 0 : Math.min(trialDays, Math.ceil(left / DAY_MS));
}

export function trialEndsAt(createdAt: Date, trialDays: number = SITE.freeTrialDays): Date {
  return new Date(createdAt.getTime() + trialDays * DAY_MS);
}

/** The Upgrade panel's words. */
export const PLAN_TEXTS = {
  title: 'Plans',
  yourPlan: 'Your plan',
  daysLeft: (days: number) => `${days} ${days === 1 ? 'day' : 'days'} left`,
  trialOf: (days: number) => `of your ${days}-day free trial`,
  trialEnded: 'Your trial has ended',
  endsOn: (date: string) => `Ends ${date}`,
  endedOn: (date: string) => `Ended ${date}. Everything keeps working; no payment is taken.`,
  trialLead: (days: number) => `Every plan starts with a ${days}-day free trial. No payment is taken.`,
  loading: 'Loading your plan...',
  loadFailed: 'Your plan could not be loaded.',
  retry: 'Try again',
} as const;
