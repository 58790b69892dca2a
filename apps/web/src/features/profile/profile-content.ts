import type { MarketingPreferenceId } from '@postlark/shared/profile';

// SPEC section 2's profile page: its tabs, labels and the samples it draws. The texts the shared
// package holds (PROFILE_MESSAGES, ACCOUNT_MESSAGES) are not repeated here.

export const PROFILE_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'contact', label: 'Contact information' },
  { id: 'communication', label: 'Communication preference' },
  { id: 'data', label: 'Manage my data' },
  { id: 'billing', label: 'Billing' },
  { id: 'integrations', label: 'Integrations' },
] as const;
export type ProfileTabId = (typeof PROFILE_TABS)[number]['id'];

export function isProfileTab(value: string | null): value is ProfileTabId {
  return PROFILE_TABS.some((tab) => tab.id === value);
}

// Our own texts, where the spec shows none.
export const PROFILE_TEXTS = {
  saveFailed: 'Could not save your changes. Please try again.',
  preferencesFailed: 'Could not load your marketing preferences.',
  exportsFailed: 'Could not load your exports.',
  apiKeysFailed: 'Could not load your API keys.',
  fixFields: 'Please correct the highlighted fields.',
  comingSoon: 'Coming soon',
  optOutNote: 'While you are opted out, we send you no marketing email at all, whatever else is checked.',
} as const;

// SPEC section 3: the marketing preference rows, in the spec's order.
export const PREFERENCE_ROWS: readonly { id: MarketingPreferenceId; label: string; description: string }[] = [
  { id: 'productUpdates', label: 'Product updates', description: 'New features and improvements to Postlark.' },
  { id: 'newsletters', label: 'Newsletters', description: 'Our own newsletter, with ideas for growing your audience.' },
  { id: 'insights', label: 'Insights', description: 'Benchmarks and research on email engagement.' },
  { id: 'surveys', label: 'Surveys', description: 'Short questionnaires that help shape what we build next.' },
  { id: 'assistance', label: 'Assistance', description: 'Tips and onboarding help from our team.' },
  { id: 'demos', label: 'Demos', description: 'Invitations to live product demos and webinars.' },
  { id: 'optOut', label: 'Opt out of all marketing email', description: 'Only account and security messages reach you.' },
];

// SPEC section 2: the contact form's fixed sample values, now placeholders; one sample person throughout.
export const CONTACT_PLACEHOLDERS = {
  street_address: '4th Floor, 12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  company: 'Northwind Media Pvt. Ltd.',
  postal_code: '560001',
  phone: '+91 80 4567 8900',
  vat_id: '29ABCDE1234F1Z5',
} as const;

// SPEC section 2, Billing: the spec's sample address and 18 sample invoices were another company's;
// issue 38 shows the customer's own address (from Contact information) and an honest empty history
// until billing starts.
export const BILLING_TEXTS = {
  noAddress: 'No billing address yet. Add your address in Contact information and it appears here.',
  addAddress: 'Add your address',
  editAddress: 'Edit in Contact information',
  placeOfSupply: (place: string) => `Place of supply: ${place}`,
  historyIntro: 'Your invoices appear here once your plan is paid.',
  noInvoices: 'No invoices yet',
  noInvoicesText: 'You are on the free trial: nothing has been charged.',
} as const;
