import { newPasswordSchema } from '@postlark/shared/account';
import { ACCOUNT_MESSAGES } from '@postlark/shared/account-messages';
import './password-hint.css';

/** SPEC section 2's live hint under a new password: the rule, marked met once the password follows it. */
export function PasswordHint({ password }: { password: string }) {
  const met = password !== '' && newPasswordSchema.safeParse(password).success;
  return (
    <span className={`password-hint${met ? ' password-hint--met' : ''}`}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {met ? <path d="M3.5 8.5l3 3 6-7" /> : <circle cx="8" cy="8" r="5.5" />}
      </svg>
      {ACCOUNT_MESSAGES.passwordHint}
    </span>
  );
}
