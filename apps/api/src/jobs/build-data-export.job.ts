import { z } from 'zod';
import type { Db } from '../db/client';
import type { MailService } from '../mail/mail-service';
import { buildExport } from '../modules/data-export/data-export.service';
import type { JobDefinition } from './job-definition';

export interface BuildDataExportDeps {
  db: Db;
  mail: MailService;
  appUrl: string;
  now: () => Date;
}

const payload = z.strictObject({ exportId: z.uuid() });

/**
 * Builds one customer's data export (Manage my data). A few retries a minute or more apart cover a
 * database hiccup; an export still unbuilt after 24 hours counts as failed and frees the monthly limit.
 */
export const buildDataExportJob = {
  name: 'build-data-export',
  payload,
  retry: { retryLimit: 5, retryDelay: 60, retryBackoff: true },
  expireInSeconds: 1_800,
  async handle({ exportId }, deps) {
    await buildExport(deps, exportId);
  },
} satisfies JobDefinition<typeof payload, BuildDataExportDeps>;
