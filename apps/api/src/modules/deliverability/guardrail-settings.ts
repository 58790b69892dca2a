import type { AppConfig } from '../../config/env';

/** The guardrails' thresholds and the warm-up schedule (settings GUARD_* and WARMUP_DAILY_LIMITS). */
export interface GuardrailSettings {
  /** Hard bounces over this share of a campaign's first `hardBounceSample` messages pause the account. */
  hardBounceShare: number;
  hardBounceSample: number;
  /** Messages a campaign must have sent before its share is judged. */
  hardBounceMinimum: number;
  /** Complaints over this share of the messages sent in `complaintWindowDays` pause the account. */
  complaintShare: number;
  complaintWindowDays: number;
  complaintMinimum: number;
  /** Messages a day on the warm-up's first, second … day; empty: no warm-up. */
  warmUpDailyLimits: readonly number[];
}

export function guardrailSettingsFrom(config: AppConfig): GuardrailSettings {
  return {
    hardBounceShare: config.GUARD_HARD_BOUNCE_PERCENT / 100,
    hardBounceSample: config.GUARD_HARD_BOUNCE_SAMPLE,
    hardBounceMinimum: config.GUARD_HARD_BOUNCE_MINIMUM,
    complaintShare: config.GUARD_COMPLAINT_PERCENT / 100,
    complaintWindowDays: config.GUARD_COMPLAINT_WINDOW_DAYS,
    complaintMinimum: config.GUARD_COMPLAINT_MINIMUM,
    warmUpDailyLimits: config.WARMUP_DAILY_LIMITS,
  };
}
