// Our own texts, where the spec shows none.
export const NOTIFICATION_TEXTS = {
  loadFailed: 'Could not load your notifications.',
  actionFailed: 'Could not update your notifications. Please try again.',
  empty: 'You are all caught up.',
} as const;

/** One entry of the panel: a real notification, or one of the spec's samples. */
export interface NotificationEntry {
  id: string;
  title: string;
  body: string;
  link: string | null;
  linkLabel: string;
  createdAt: string;
  read: boolean;
  sample: boolean;
  icon: NotificationIcon;
}

export type NotificationIcon = 'download' | 'lock' | 'mail' | 'bell';

// SPEC sections 2 and 9: four identical sample entries ('Audience export complete' with a download
// link and a timestamp), shown until the customer has real notifications.
export const SAMPLE_NOTIFICATIONS: readonly NotificationEntry[] = Array.from({ length: 4 }, (_unused, index) => ({
  id: `sample-${index + 1}`,
  title: 'Audience export complete',
  body: 'Your audience export is ready. The download link works for 24 hours.',
  link: '/dashboard/profile?tab=data',
  linkLabel: 'Download',
  createdAt: '2025-01-20T09:30:00.000Z',
  read: false,
  sample: true,
  icon: 'download',
}));

/** The label of a notification's link, by its kind. */
export function linkLabelFor(kind: string): string {
  return kind.includes('export') ? 'Download' : 'View';
}

/** The icon beside a notification, by its kind ('password-changed', 'email-changed', 'export-ready'...). */
export function iconFor(kind: string): NotificationIcon {
  if (kind.includes('export')) return 'download';
  if (kind.includes('password')) return 'lock';
  if (kind.includes('email')) return 'mail';
  return 'bell';
}
