import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { GENERIC_MESSAGES } from '@postlark/shared/messages';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { type ConnectionRow, type LinkRow, linkForWebhook, updateLink } from './connections.repository';
import { clientOfConnection, type IntegrationDeps } from './connections.service';
import { localState, stateHash } from './person-state';
import type { PlatformClient, WebhookNotice } from './platform-client';
import { localMatches, recordSynced, updatePeople } from './sync-people.repository';

// Webhooks from the platforms make the sync sooner; polling stays the truth. Their URL carries the
// link and a secret (Mailchimp's and beehiiv's deliveries are unsigned; Brevo's also carry the
// bearer token we set, the same secret). An opt-out applies at once; anything else makes the
// link's next poll due now. A replayed delivery changes nothing: an opt-out already applied is no
// change, and a poll due now is due now.

export const WEBHOOK_PATH = '/api/integrations/v1/webhooks';

const secretHash = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** Registers our receiver for a link where the platform lets an API do it; the secret is kept only as its hash. */
export async function registerWebhook(db: Db, client: PlatformClient, link: LinkRow, publicUrl: string): Promise<void> {
  if (!client.webhooks || link.webhookId) return;
  const secret = randomBytes(24).toString('base64url');
  const { id } = await client.webhooks.register(link.remoteAudienceId, `${publicUrl}${WEBHOOK_PATH}/${secret}/${link.id}`, secret);
  await updateLink(db, link.id, { webhookId: id, webhookSecretHash: secretHash(secret) });
}

/** The link a delivery's URL names, if its secret is right; 404 otherwise (nothing said about which part was wrong). */
export async function webhookTarget(db: Db, linkId: string, secret: string): Promise<{ link: LinkRow; connection: ConnectionRow }> {
  const notFound = new HttpError(404, GENERIC_MESSAGES.notFound);
  if (!isUuid(linkId) || secret.length > 100) throw notFound;
  const found = await linkForWebhook(db, linkId);
  if (!found?.link.webhookSecretHash) throw notFound;
  const expected = Buffer.from(found.link.webhookSecretHash);
  const given = Buffer.from(secretHash(secret));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw notFound;
  return found;
}

const OPT_OUT_STATUS = { unsubscribed: 'unsubscribed', bounced: 'bounced', complained: 'complained' } as const;

/** Applies a delivery's notices; answers how many it read. */
export async function receiveWebhook(deps: IntegrationDeps, target: { link: LinkRow; connection: ConnectionRow }, body: unknown, headers: Record<string, string | string[] | undefined>): Promise<number> {
  const { link, connection } = target;
  if (connection.status !== 'connected') return 0;
  const client = await clientOfConnection(deps, connection);
  const notices: WebhookNotice[] = client.webhooks?.parse(body, headers) ?? [];
  const now = deps.now();
  const optOuts = new Map<string, 'unsubscribed' | 'bounced' | 'complained'>();
  for (const notice of notices) {
    if (notice.email && (notice.kind === 'unsubscribed' || notice.kind === 'bounced' || notice.kind === 'complained')) optOuts.set(notice.email.toLowerCase(), OPT_OUT_STATUS[notice.kind]);
  }
  if (optOuts.size > 0) {
    await deps.db.transaction(async (tx) => {
      const matches = await localMatches(tx, link, [...optOuts.keys()]);
      const changes = matches.filter((match) => match.status === 'active' || match.status === 'not_subscribed');
      await updatePeople(tx, changes.map((match) => ({ ...match, status: optOuts.get(match.email) ?? 'unsubscribed' })), now);
      // The platform has them opted out already: what it now holds is recorded, so the push does not write it back.
      const synced = changes.flatMap((match) => {
        if (!match.remoteId) return [];
        const state = localState({ ...match, status: optOuts.get(match.email) ?? 'unsubscribed' }, link.fieldMap);
        return [{ subscriberId: match.id, remoteId: match.remoteId, hash: stateHash(state) }];
      });
      await recordSynced(tx, link.id, synced, now);
    });
  }
  if (notices.length > 0) await updateLink(deps.db, link.id, { nextPollAt: now });
  return notices.length;
}
