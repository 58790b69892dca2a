import type { ApiMessage } from '@postlark/shared/api-response';
import type { NotificationsPayload } from '@postlark/shared/profile';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

const notificationsUrl = () => `${webEnv.apiBase}home/v1/notifications`;

/** The signed-in customer's notifications, newest first, with the unread count. */
export function getNotifications() {
  return requestJson<{ payload: NotificationsPayload }>('GET', notificationsUrl());
}

export function postNotificationsRead() {
  return requestJson<ApiMessage>('POST', `${notificationsUrl()}/read`);
}

export function deleteNotification(id: string) {
  return requestJson<ApiMessage>('DELETE', `${notificationsUrl()}/${encodeURIComponent(id)}`);
}

export function deleteAllNotifications() {
  return requestJson<ApiMessage>('DELETE', notificationsUrl());
}
