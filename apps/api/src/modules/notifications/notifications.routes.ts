import type { CustomerNotification, NotificationsPayload } from '@postlark/shared/profile';
import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { requireCustomer } from '../auth/session.service';
import { deleteAllNotifications, deleteNotification, listNotifications, markAllRead, type StoredNotification } from './notifications.repository';

function toPayload(row: StoredNotification): CustomerNotification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    created_at: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

/** The signed-in customer's notifications: list, mark read, dismiss one or all. */
export function notificationsRoutes(deps: { db: Db; now: () => Date }) {
  return async (app: FastifyInstance) => {
    app.get('/home/v1/notifications', async (request) => {
      const owner = await requireCustomer(deps, request);
      const { rows, unread } = await listNotifications(deps.db, owner.customerId);
      const payload: NotificationsPayload = { notifications: rows.map(toPayload), unread };
      return { payload };
    });

    app.post('/home/v1/notifications/read', async (request) => {
      const owner = await requireCustomer(deps, request);
      await markAllRead(deps.db, owner.customerId, deps.now());
      return { payload: { message: 'Notifications marked as read.' } };
    });

    app.delete<{ Params: { id: string } }>('/home/v1/notifications/:id', async (request) => {
      const owner = await requireCustomer(deps, request);
      // Another customer's id, an unknown id and a malformed one answer alike.
      const deleted = isUuid(request.params.id) && (await deleteNotification(deps.db, owner.customerId, request.params.id));
      if (!deleted) throw new HttpError(404, AUTH_API_MESSAGES.userNotFound);
      return { payload: { message: 'Notification dismissed.' } };
    });

    app.delete('/home/v1/notifications', async (request) => {
      const owner = await requireCustomer(deps, request);
      await deleteAllNotifications(deps.db, owner.customerId);
      return { payload: { message: 'All notifications dismissed.' } };
    });
  };
}
