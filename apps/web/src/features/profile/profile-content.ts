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

// SPEC section 2, Billing: a static sample address with its place of supply.
export const SAMPLE_BILLING_ADDRESS = {
  name: 'Alex Morgan',
  lines: ['Northwind Media Pvt. Ltd.', '4th Floor, 12 MG Road', 'Bengaluru, Karnataka 560001', 'India'],
  placeOfSupply: 'Place of supply: Karnataka (29)',
} as const;

// SPEC section 9: 18 placeholder rows of billing history, a month apart, newest first.
export const BILLING_HISTORY_ROWS = Array.from({ length: 18 }, (_unused, index) => {
  const date = new Date(Date.UTC(2025, 0 - index, 20));
  return {
    id: `invoice-${index + 1}`,
    date: date.toISOString().slice(0, 10),
    method: index % 3 === 1 ? 'UPI' : 'Card •••• 4242',
    amount: '₹0.00',
  };
});
