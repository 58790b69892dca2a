import { describe, expect, it } from 'vitest';
import { WAITLIST_MESSAGES } from './messages';
import { fieldErrors, firstErrorMessage } from './validation';
import { HELP_MESSAGES, helpMessageSchema, WAITLIST_MESSAGE_MAX_LENGTH, waitlistSubmissionSchema } from './waitlist';

function messageFor(input: unknown) {
  const result = waitlistSubmissionSchema.safeParse(input);
  return result.success ? null : firstErrorMessage(result.error);
}

describe('waitlistSubmissionSchema', () => {
  it('accepts a join and fills in an empty message', () => {
    expect(waitlistSubmissionSchema.parse({ status: 'Waitlist', email: ' ada@example.com ' })).toEqual({
      status: 'Waitlist',
      email: 'ada@example.com',
      message: '',
    });
  });

  it('accepts a contact message', () => {
    const parsed = waitlistSubmissionSchema.parse({ status: 'Contact', email: 'ada@example.co.uk', message: 'Hello' });
    expect(parsed.message).toBe('Hello');
  });

  it.each(['', '   ', undefined])('asks for an email when it is %j', (email) => {
    expect(messageFor({ status: 'Waitlist', email, message: '' })).toBe(WAITLIST_MESSAGES.emailRequired);
  });

  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada@example.c', 'ada@exa mple.com', 'ada@example.c0m'])(
    'asks to verify %j',
    (email) => {
      expect(messageFor({ status: 'Waitlist', email, message: '' })).toBe(WAITLIST_MESSAGES.emailInvalid);
    },
  );

  it('refuses an address longer than 254 characters', () => {
    const email = `${'a'.repeat(250)}@example.com`;
    expect(messageFor({ status: 'Waitlist', email })).toBe(WAITLIST_MESSAGES.emailInvalid);
  });

  it('refuses a message over the limit and keeps one at the limit', () => {
    const base = { status: 'Contact', email: 'ada@example.com' };
    expect(waitlistSubmissionSchema.safeParse({ ...base, message: 'x'.repeat(WAITLIST_MESSAGE_MAX_LENGTH) }).success).toBe(true);
    expect(waitlistSubmissionSchema.safeParse({ ...base, message: 'x'.repeat(WAITLIST_MESSAGE_MAX_LENGTH + 1) }).success).toBe(false);
  });

  it('names unknown fields and wrong types per field', () => {
    const result = waitlistSubmissionSchema.safeParse({ status: 'Other', email: 7, extra: 1 });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(fieldErrors(result.error)).sort()).toEqual(['email', 'extra', 'status']);
    expect(fieldErrors(result.error).extra).toBe('Unknown field: extra');
  });
});

describe('helpMessageSchema', () => {
  it('keeps the message as typed', () => {
    expect(helpMessageSchema.parse({ message: '  How do I import?\n' })).toEqual({ message: '  How do I import?\n' });
  });

  it.each(['', '   \n'])('asks for a message when it is %j', (message) => {
    const result = helpMessageSchema.safeParse({ message });
    expect(result.success ? null : fieldErrors(result.error)).toEqual({ message: HELP_MESSAGES.messageRequired });
  });

  it('refuses what the contact form refuses, with its texts', () => {
    const long = helpMessageSchema.safeParse({ message: 'x'.repeat(WAITLIST_MESSAGE_MAX_LENGTH + 1) });
    const contact = waitlistSubmissionSchema.safeParse({ status: 'Contact', email: 'ada@example.com', message: 'x'.repeat(WAITLIST_MESSAGE_MAX_LENGTH + 1) });
    expect(long.success || contact.success).toBe(false);
    if (!long.success && !contact.success) expect(fieldErrors(long.error).message).toBe(fieldErrors(contact.error).message);
    expect(helpMessageSchema.safeParse({ message: 'hi', email: 'mallory@example.com' }).success).toBe(false);
  });
});
