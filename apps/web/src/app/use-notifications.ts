import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CustomerNotification } from '@postlark/shared/profile';
import { showToast } from '../components/ui/toasts';
import { iconFor, linkLabelFor, type NotificationEntry, SAMPLE_NOTIFICATIONS } from '../features/notifications/notifications-content';
import {
  dismissAllNotifications,
  dismissNotification,
  fetchNotifications,
  markNotificationsRead,
} from '../features/notifications/notifications-thunks';
import { useAppDispatch } from './store-hooks';

const REFRESH_EVERY_MS = 60_000;

interface Real {
  items: CustomerNotification[];
  unread: number;
}

function toEntry(notification: CustomerNotification): NotificationEntry {
  return {
    id: notification.id,
    title: notification.title,
    body: notification.body,
    link: notification.link,
    linkLabel: linkLabelFor(notification.kind),
    createdAt: notification.created_at,
    read: notification.read,
    sample: false,
    icon: iconFor(notification.kind),
  };
}

/**
 * The avatar menu's notifications. Real ones, per customer, newest first, with the badge showing
 * the unread count; until the customer has any, the spec's four samples (badge '4'), which
 * Dismiss hides here only. Once real ones were seen on this page, the samples do not come back.
 */
export function useNotifications(customerId: string | null) {
  const dispatch = useAppDispatch();
  const [real, setReal] = useState<Real | null>(null);
  const [hiddenSamples, setHiddenSamples] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<string | null>(null);
  const [reads, setReads] = useState(0);

  useEffect(() => {
    if (!customerId) return;
    let live = true;
    void dispatch(fetchNotifications()).then((result) => {
      // A failed list leaves what was shown (at first the samples); the panel stays usable.
      if (!live || !fetchNotifications.fulfilled.match(result)) return;
      const { notifications, unread } = result.payload;
      setReal((current) => (notifications.length > 0 || current ? { items: notifications, unread } : current));
    });
    return () => {
      live = false;
    };
  }, [customerId, dispatch, reads]);

  // Notifications arrive while the page is open (an export finishing, a change from another
  // session): the list is read again now and then while the page is in view, and on demand.
  const refresh = useCallback(() => setReads((count) => count + 1), []);
  useEffect(() => {
    if (!customerId) return;
    const timer = setInterval(() => document.visibilityState === 'visible' && refresh(), REFRESH_EVERY_MS);
    return () => clearInterval(timer);
  }, [customerId, refresh]);

  const entries = useMemo(
    () => (real ? real.items.map(toEntry) : SAMPLE_NOTIFICATIONS.filter((sample) => !hiddenSamples.has(sample.id))),
    [real, hiddenSamples],
  );
  const badge = real ? real.unread : entries.length;

  /** Opening the panel marks the real notifications read. */
  const opened = useCallback(() => {
    if (!real || real.unread === 0) return;
    void dispatch(markNotificationsRead()).then((result) => {
      if (markNotificationsRead.fulfilled.match(result)) {
        setReal((current) => current && { items: current.items.map((item) => ({ ...item, read: true })), unread: 0 });
      }
    });
  }, [dispatch, real]);

  const dismiss = useCallback(
    async (id: string) => {
      if (!real) {
        setHiddenSamples((current) => new Set(current).add(id));
        return;
      }
      setPending(id);
      const result = await dispatch(dismissNotification(id));
      setPending(null);
      if (dismissNotification.rejected.match(result)) {
        void showToast('error', result.payload ?? result.error.message ?? '');
        return;
      }
      setReal((current) => {
        if (!current) return current;
        const items = current.items.filter((item) => item.id !== id);
        return { items, unread: items.filter((item) => !item.read).length };
      });
    },
    [dispatch, real],
  );

  const dismissAll = useCallback(async () => {
    if (!real) {
      setHiddenSamples(new Set(SAMPLE_NOTIFICATIONS.map((sample) => sample.id)));
      return;
    }
    setPending('all');
    const result = await dispatch(dismissAllNotifications());
    setPending(null);
    if (dismissAllNotifications.rejected.match(result)) {
      void showToast('error', result.payload ?? result.error.message ?? '');
      return;
    }
    setReal({ items: [], unread: 0 });
  }, [dispatch, real]);

  return { entries, badge, pending, refresh, opened, dismiss, dismissAll };
}
