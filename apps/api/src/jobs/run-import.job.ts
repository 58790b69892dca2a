import { z } from 'zod';
import type { ImportJobDeps } from '../modules/imports/import-checks';
import { runImport } from '../modules/imports/import-run.service';
import type { JobDefinition } from './job-definition';

const payload = z.strictObject({ importId: z.uuid() });

/**
 * Runs one CSV import. A run starts over from the top, which is safe (rows already added are found
 * again as unchanged), so a crashed or interrupted run is simply retried. A file that cannot be
 * read (past the reader's caps) is no error of ours: runImport records that and resolves, unretried.
 */
export const runImportJob = {
  name: 'run-import',
  payload,
  retry: { retryLimit: 3, retryDelay: 30, retryBackoff: true },
  // A million rows take about a minute; an hour means the worker died.
  expireInSeconds: 3_600,
  async handle({ importId }, deps) {
    await runImport(deps, importId);
  },
} satisfies JobDefinition<typeof payload, ImportJobDeps>;
