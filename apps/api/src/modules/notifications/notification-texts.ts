// What each kind of notification says; one place, so every sender words it the same.
export const NOTIFICATION_TEXTS = {
  'password-changed': {
    title: 'Your password was changed',
    body: 'If this was not you, reset your password from the sign-in page and contact support.',
  },
  'email-changed': {
    title: 'Your email address was changed',
    body: 'We will write to your new address from now on.',
  },
} as const;

export type NotificationKind = keyof typeof NOTIFICATION_TEXTS;
