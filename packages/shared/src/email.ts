// SPEC section 5: local part, @, domain, a dot, and a top-level part of at least two letters.
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
