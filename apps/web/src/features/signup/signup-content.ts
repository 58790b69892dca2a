// Our own texts for the sign-up steps, where the spec shows none (issue 38). The spec's own
// messages stay in packages/shared (ACCOUNT_MESSAGES).
export const SIGNUP_TEXTS = {
  usedLinkTitle: 'This verification link has already been used or has expired.',
  usedLinkNext: (email: string) =>
    `Press "Send verification email" for a new link to ${email}, and open it in this browser. Already finished signing up?`,
  usedLinkSignIn: 'Sign in',
  resuming: 'Picking up your sign-up…',
} as const;
