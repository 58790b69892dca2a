import type { SignupRequestInput } from '@postlark/shared/account';

// One sample customer for the API and browser tests alike (no test-runner imports here).

export type CustomerDetails = SignupRequestInput['customer_details'];

/** Follows SPEC section 5's rule and is not among the common passwords the API refuses. */
export const STRONG_PASSWORD = 'Lark$ong2026';

export function customerDetails(email: string, overrides: Partial<CustomerDetails> | Record<string, unknown> = {}): CustomerDetails {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email,
    gender: 'Female',
    password: STRONG_PASSWORD,
    dob: '1990-12-10',
    country: 'United Kingdom',
    reached_by_option: 'google',
    ...overrides,
  } as CustomerDetails;
}
