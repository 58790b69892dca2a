import { expect } from 'vitest';
import type { useAccountsApp } from './accounts-app';
import { eventually } from './eventually';

type AccountsApp = ReturnType<typeof useAccountsApp>;
type Customer = Awaited<ReturnType<AccountsApp['signedInCustomer']>>;

export const IMPORTS = 'audience/v1/imports';

/** Makes an import with `body` (file name, mapping, kind...) and sends `text` as its file. */
export async function uploadImport(accounts: AccountsApp, customer: Customer, text: string | Buffer, body: object) {
  const created = await accounts.call('POST', IMPORTS, customer.cookie, body);
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json().payload.import;
  const sent = await accounts.app.inject({ method: 'PUT', url: `/api/${IMPORTS}/${id}/file`, headers: { cookie: customer.cookie, 'content-type': 'text/csv' }, payload: text });
  return { id: id as string, sent };
}

// Where an import rests until someone acts: a file over the consent threshold stops for a confirmation.
const SETTLED = ['done', 'failed', 'needs_consent'];

/** The import's progress once it is done, failed or stopped for a consent confirmation. */
export async function importFinished(accounts: AccountsApp, customer: Customer, id: string) {
  return eventually(
    async () => {
      const progress = (await accounts.call('GET', `${IMPORTS}/${id}`, customer.cookie)).json().payload;
      return SETTLED.includes(progress.status) ? progress : undefined;
    },
    { what: 'the import to finish', timeoutMs: 20_000 },
  );
}
