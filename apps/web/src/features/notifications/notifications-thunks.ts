import { createAsyncThunk } from '@reduxjs/toolkit';
import type { NotificationsPayload } from '@postlark/shared/profile';
import { type ApiAnswer, settle } from '../../lib/api-client';
import { deleteAllNotifications, deleteNotification, getNotifications, postNotificationsRead } from './notifications-api';
import { NOTIFICATION_TEXTS } from './notifications-content';

// The notification panel's calls. The list lives with the dashboard shell that shows its badge,
// so these thunks have no slice: the shell awaits `.unwrap()` and keeps the answer.

export const fetchNotifications = createAsyncThunk<NotificationsPayload, void, { rejectValue: string }>(
  'notifications/fetch',
  async (_arg, { rejectWithValue }) => {
    const result = await settle(() => getNotifications(), NOTIFICATION_TEXTS.loadFailed);
    if (!result.ok) return rejectWithValue(result.message);
    const payload = result.body?.payload;
    if (!payload || !Array.isArray(payload.notifications)) return rejectWithValue(NOTIFICATION_TEXTS.loadFailed);
    return { notifications: payload.notifications, unread: Number(payload.unread) || 0 };
  },
);

function actionThunk<Arg>(type: string, call: (arg: Arg) => Promise<ApiAnswer<unknown>>) {
  return createAsyncThunk<void, Arg, { rejectValue: string }>(type, async (arg, { rejectWithValue }) => {
    const result = await settle(() => call(arg), NOTIFICATION_TEXTS.actionFailed);
    if (!result.ok) return rejectWithValue(result.message);
  });
}

export const markNotificationsRead = actionThunk<void>('notifications/markRead', () => postNotificationsRead());
export const dismissNotification = actionThunk<string>('notifications/dismiss', (id) => deleteNotification(id));
export const dismissAllNotifications = actionThunk<void>('notifications/dismissAll', () => deleteAllNotifications());
