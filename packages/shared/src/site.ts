// SPEC section 9: business constants shown on the public site.
export const SITE = {
  name: 'Postlark',
  copyrightYear: 2025,
  legalEffectiveDate: '20-01-2025',
  freeTrialDays: 7,
  minimumAge: 13,
  supportEmail: 'support@postlark.app',
} as const;

// SPEC section 9: toasts on the landing and legal pages close after 5000 ms in the light theme.
export const LANDING_TOAST_MS = 5000;

// SPEC section 9: scroll animations last 1000 ms and start 220 px before an element enters the view.
export const SCROLL_ANIMATION = { durationMs: 1000, offsetPx: 220 } as const;
