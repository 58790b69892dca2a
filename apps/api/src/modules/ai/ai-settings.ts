import { AI_LIMITS } from '@postlark/shared/ai';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { createRateLimiter } from '../../lib/rate-limiter';
import type { SecretBox } from '../../lib/secret-box';
import type { AiDeps } from './ai.service';
import { generationSlots } from './generation-slots';

/** The assistant's dependencies from the settings (AI_* in config/env.ts). */
export function aiDepsFrom(config: AppConfig, base: { db: Db; now: () => Date; secrets: SecretBox }): AiDeps {
  return {
    ...base,
    serverDefault: config.AI_BASE_URL && config.AI_MODEL ? { baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY ?? null, model: config.AI_MODEL } : null,
    allowLocal: config.AI_ALLOW_LOCAL,
    client: { timeoutMs: config.AI_TIMEOUT_SECONDS * 1000, deadlineMs: config.AI_GENERATION_DEADLINE_SECONDS * 1000, retryMaxMs: config.AI_RETRY_MAX_SECONDS * 1000 },
    limiter: createRateLimiter({ limit: config.AI_GENERATIONS_PER_MINUTE, windowMs: 60_000, now: () => base.now().getTime() }),
    dailyGenerations: config.AI_DAILY_GENERATIONS,
    slots: generationSlots(AI_LIMITS.atOnce),
  };
}
