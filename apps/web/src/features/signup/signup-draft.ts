// The sign-up step between setting the password and sending the basic details (issue 38): a
// reload of /basic must not throw the person back to an empty /signup. The verification itself is
// the server's ticket, in an HttpOnly cookie no script reads; what the browser keeps is this tab's
// draft of the first step, in sessionStorage (never localStorage): it ends with the tab, is cleared
// as soon as the account is made, and is used only while the server still holds a live ticket for
// the same address.

const DRAFT_KEY = 'postlark.signup-draft';

export interface SignupDraft {
  email: string;
  password: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage refused (a privacy setting): the step then lives in memory only, as before.
    return null;
  }
}

export function saveSignupDraft(draft: SignupDraft): void {
  try {
    storage()?.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Full or refused: nothing to keep, the step still works until a reload.
  }
}

export function readSignupDraft(): SignupDraft | null {
  try {
    const parsed = JSON.parse(storage()?.getItem(DRAFT_KEY) ?? 'null') as Partial<SignupDraft> | null;
    return typeof parsed?.email === 'string' && typeof parsed.password === 'string' && parsed.email && parsed.password
      ? { email: parsed.email, password: parsed.password }
      : null;
  } catch {
    return null;
  }
}

export function clearSignupDraft(): void {
  try {
    storage()?.removeItem(DRAFT_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** Whether a server ticket's address (stored lower-cased) is the draft's or link's address. */
export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
