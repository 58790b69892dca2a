// The spec's user-facing texts (SPEC sections 5 and 8), defined once and used by web and API alike.
// Their wording, typos included, is the customer's contract: do not "fix" them.

export const WAITLIST_MESSAGES = {
  added: 'You have been added to our Waitlist',
  failed: 'An Error Occoured while sending your Email,please try again Later',
  emailRequired: 'Please enter your email',
  emailInvalid: 'Verify your email',
} as const;

// Texts of our own, for cases the spec does not cover; kept here so they too are defined once.
export const GENERIC_MESSAGES = {
  unknownField: (name: string) => `Unknown field: ${name}`,
  tooLong: (limit: number) => `At most ${limit.toLocaleString('en')} characters.`,
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  bodyTooLarge: 'The request is too large.',
  badRequest: 'The request could not be read.',
  notFound: 'Not found.',
  serverError: 'Something went wrong on our side. Please try again.',
  nulCharacter: 'The text cannot contain a NUL character.',
  crossSiteRefused: 'This request came from another site, so it was refused. Open Postlark at its own address and try again.',
} as const;
