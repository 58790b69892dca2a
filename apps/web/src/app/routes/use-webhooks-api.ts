import { useMemo } from 'react';
import { WEBHOOK_MESSAGES } from '@postlark/shared/outgoing-webhooks';
import type { Outcome, WebhooksApi } from '../../features/profile/components/webhooks-api';
import { PROFILE_TEXTS } from '../../features/profile/profile-content';
import type { SaveFailure } from '../../features/profile/profile-thunks';
import {
  createWebhookEndpoint,
  fetchWebhookDeliveries,
  fetchWebhookEndpoints,
  removeWebhookEndpoint,
  rollWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
} from '../../features/profile/webhooks-thunks';
import { useAppDispatch } from '../store-hooks';

function failure(reason: unknown, fallback: string): SaveFailure {
  const failed = reason as Partial<SaveFailure> | null;
  return typeof failed?.message === 'string' ? { message: failed.message, errors: failed.errors ?? {}, status: failed.status ?? 0 } : { message: fallback, errors: {}, status: 0 };
}

/** Integrations, Webhooks: the card's calls, through the thunks; secrets go to `reveal`, never into the store. */
export function useWebhooksApi(): WebhooksApi {
  const dispatch = useAppDispatch();
  return useMemo(() => {
    const outcome = async <T,>(run: () => Promise<T>): Promise<Outcome<T>> => {
      try {
        return { ok: true, value: await run() };
      } catch (reason) {
        const { message, errors } = failure(reason, PROFILE_TEXTS.saveFailed);
        return { ok: false, message, errors };
      }
    };
    const reading = async <T,>(run: () => Promise<T>, fallback: string): Promise<T> => {
      try {
        return await run();
      } catch (reason) {
        throw failure(reason, fallback).message;
      }
    };
    return {
      load: () => reading(() => dispatch(fetchWebhookEndpoints()).unwrap(), WEBHOOK_MESSAGES.loadFailed),
      create: (body, reveal) => outcome(() => dispatch(createWebhookEndpoint({ body, reveal })).unwrap()),
      update: (id, body) => outcome(() => dispatch(updateWebhookEndpoint({ id, body })).unwrap()),
      remove: (id) => outcome(() => dispatch(removeWebhookEndpoint(id)).unwrap()),
      roll: (id, reveal) => outcome(() => dispatch(rollWebhookSecret({ body: id, reveal })).unwrap()),
      test: (id) => outcome(() => dispatch(sendWebhookTest(id)).unwrap()),
      deliveries: (id) => reading(() => dispatch(fetchWebhookDeliveries(id)).unwrap(), WEBHOOK_MESSAGES.logFailed),
    };
  }, [dispatch]);
}
