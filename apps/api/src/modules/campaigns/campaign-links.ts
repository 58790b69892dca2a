import { preferenceCentrePath } from '@postlark/shared/routes';
import type { Db } from '../../db/client';
import { linkTokens, subscriberLinks } from '../preferences/link-tokens';
import { getOrCreateSecret } from '../secrets/secrets.repository';
import { trackingLinks } from '../tracking/tracking-links';
import type { CampaignLinks } from './campaign-message';
import { deliveryHeaders } from './delivery-headers';

/** Every link a campaign message carries, signed with this installation's secrets, on APP_URL. */
export async function loadCampaignLinks(db: Db, appUrl: string): Promise<CampaignLinks> {
  const subscriber = subscriberLinks(appUrl, linkTokens(await getOrCreateSecret(db, 'subscriber-links')));
  const tracking = trackingLinks(appUrl, await getOrCreateSecret(db, 'tracking-links'));
  // The preference centre's own links go straight there: a click redirect in front of an
  // unsubscribe link would count leaving as engagement and break one-click flows.
  const preferencePrefix = `${appUrl}${preferenceCentrePath('')}`;
  const delivery = deliveryHeaders(await getOrCreateSecret(db, 'delivery-headers'), new URL(appUrl).hostname);
  return { ...subscriber, tracking, untracked: (url) => url.startsWith(preferencePrefix), delivery };
}
