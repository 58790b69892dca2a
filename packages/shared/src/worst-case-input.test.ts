import { describe, expect, it } from 'vitest';
import { namesField, requestSchemas, stringFieldInputs, WORST_CASE_STRINGS } from './testing/string-field-inputs';

// Issue 18: every request schema refuses a megabyte of the worst case for its patterns in every
// string field, naming that field. A pattern that backtracks quadratically (or a length check that
// lets the pattern run on after failing) would take minutes here, far past the test's timeout.

const schemas = requestSchemas();

describe('a megabyte of the worst case in each string field of each schema', () => {
  it('finds the schemas', () => {
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['campaigns.campaignCreateSchema', 'campaigns.campaignTestSendSchema', 'webhooks.bounceEventSchema', 'waitlist.waitlistSubmissionSchema']),
    );
  });

  it.each(schemas)('%s refuses it, naming the field', (_name, schema) => {
    const accepted: string[] = [];
    for (const [attack, text] of Object.entries(WORST_CASE_STRINGS)) {
      for (const { path, input } of stringFieldInputs(schema, text)) {
        const result = schema.safeParse(input);
        if (result.success || !namesField(result.error.issues, path)) accepted.push(`${path || '(the value)'} ← ${attack}`);
      }
    }
    expect(accepted).toEqual([]);
  });
});
