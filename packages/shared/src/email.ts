import * as z from 'zod/mini';

// SPEC section 5: local part, @, domain, a dot, and a top-level part of at least two letters.
// Linear: the local part cannot hold "@", and the domain's last dot is found by one backward scan.
// The one address pattern of the code base (sign-up, waitlist, subscribers, campaigns, webhooks, mail).
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

// RFC 5321 caps a forward path at 254 characters; longer input cannot be a deliverable address.
export const EMAIL_MAX_LENGTH = 254;

/**
 * The stored form of an address: trimmed, with the domain lower-cased. The local part keeps its
 * case because RFC 5321 lets a mail server treat it as case-sensitive.
 */
export function normalizeEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return trimmed;
  return trimmed.slice(0, at) + trimmed.slice(at).toLowerCase();
}

/**
 * An address field kept lower-case: trimmed, then capped at 254 characters by a check that aborts,
 * so the pattern never reads a longer input; with allowEmpty, '' is accepted too (a draft's blank).
 */
export function lowerCaseEmailSchema(message: string, { allowEmpty = false } = {}) {
  return z.string({ error: message }).check(
    z.trim(),
    z.maxLength(EMAIL_MAX_LENGTH, { error: message, abort: true }),
    z.toLowerCase(),
    z.refine((value) => (allowEmpty && value === '') || EMAIL_PATTERN.test(value), message),
  );
}
