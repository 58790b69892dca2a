import type { ImportField, ImportKind, ImportStatusName, ProductImportField, RejectionReason } from '@postlark/shared/imports';
import type { SegmentCondition, SegmentPurchaseFigure } from '@postlark/shared/segments';

// The import, segments and forms pages' own texts, where the shared messages have none.

/** The import's way to make the list its file is for, without leaving the import. */
export const IMPORT_NEW_LIST_TEXTS = {
  button: 'New list',
  title: 'New list',
} as const;

export const TOOLS_TEXTS = {
  storedAs: 'Stored as',
  importsFailed: 'Could not load your imports.',
  importFailed: 'Could not load this import.',
  previewFailed: 'Could not count the matching subscribers.',
  formsFailed: 'Could not load your forms.',
  loadingSegments: 'Loading segments...',
  loadingForms: 'Loading forms...',
  fileRequired: 'Choose a CSV file to import.',
  previewUnreadable: 'Could not read the start of this file. Is it a CSV file?',
  copied: 'Snippet copied.',
  copyFailed: 'Could not copy: select the snippet and copy it yourself.',
  consentHint: 'We ask for this before importing more than a few hundred people. Without it, a larger file waits for your confirmation before anyone is added.',
  consentStopped: 'Stopped before adding anyone: this import waits for your confirmation.',
  confirmConsent: 'Confirm and import',
  confirmingConsent: 'Confirming...',
} as const;

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  email: 'Email',
  first_name: 'First name',
  last_name: 'Last name',
  timezone: 'Time zone',
  attribute: 'Attribute',
  ignore: 'Ignore',
};

export const PRODUCT_IMPORT_FIELD_LABELS: Record<ProductImportField, string> = {
  id: 'Product id',
  title: 'Title',
  url: 'Product URL',
  image_url: 'Image URL',
  price: 'Price',
  currency: 'Currency',
  categories: 'Categories',
  in_stock: 'In stock',
  ignore: 'Ignore',
};

/** The import page's texts for each kind of file (the subscribers' are the page's first ones). */
export const IMPORT_KIND_TEXTS: Record<ImportKind, { choice: string; title: string; lead: string; hint: string; allLink: string }> = {
  subscribers: {
    choice: 'Subscribers',
    title: 'Import subscribers',
    lead: 'Add or update many subscribers at once from a CSV file, exported from a spreadsheet or another tool.',
    hint: 'One subscriber per row',
    allLink: 'All subscribers',
  },
  products: {
    choice: 'Products',
    title: 'Import products',
    lead: 'Add or update the products of your catalogue from a CSV file, such as your shop’s product export.',
    hint: 'One product per row',
    allLink: 'All products',
  },
};

export const PRODUCT_IMPORT_TEXTS = {
  howRowsWork:
    'Each row adds a product, or updates the one with the same id; an empty cell keeps what the product had. Categories are separated by | or ;, and In stock takes yes, no, true, false, 1 or 0.',
  currencyHint: 'Currency of prices on rows without one, such as EUR',
} as const;

export const IMPORT_STATUS_LABELS: Record<ImportStatusName, string> = {
  awaiting_file: 'Waiting for its file',
  queued: 'Queued',
  needs_consent: 'Waiting for your confirmation',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

/** Why rows were rejected, as the import report counts them (the rejected-rows file gives each row's full reason). */
export const REJECTION_LABELS: Record<RejectionReason, string> = {
  bad_email: 'not a valid email address',
  duplicate: 'repeated in the file',
  suppressed: 'unsubscribed, bounced, complained or erased before',
  role_address: 'role addresses (abuse@, postmaster@, noreply@ …)',
  no_mail_server: 'at a domain with no mail server',
  refuses_mail: 'at a domain that accepts no email',
};

/** The report's note on addresses kept although DNS did not answer about their domain. */
export const domainUncheckedNote = (count: number) =>
  `${count.toLocaleString('en')} ${count === 1 ? 'address was' : 'addresses were'} imported without a domain check: DNS gave no answer about ${count === 1 ? 'its domain' : 'their domains'}.`;

export type ConditionField = SegmentCondition['field'];

export const CONDITION_FIELD_LABELS: Record<ConditionField, string> = {
  email: 'Email',
  first_name: 'First name',
  last_name: 'Last name',
  timezone: 'Time zone',
  status: 'Status',
  list: 'List',
  created_at: 'Added',
  attribute: 'Attribute',
  engagement: 'Engagement',
  campaign: 'Campaign activity',
  engagement_score: 'Engagement score',
  event: 'Event',
  purchases: 'Purchases',
  rfm_group: 'Customer group (RFM)',
};

/** The purchase figures a segment compares, as the Insights page names them. */
export const PURCHASE_FIGURE_LABELS: Record<SegmentPurchaseFigure, string> = {
  orders: 'Orders',
  revenue: 'Revenue',
  average_order_value: 'Average order value',
  p_alive: 'Probability still a customer (0–1)',
  expected_orders_90d: 'Expected orders, next 90 days',
  expected_orders_365d: 'Expected orders, next 365 days',
  predicted_value_365d: 'Predicted value, next 365 days',
  churn_risk: 'Churn risk (0–1)',
};

/** The "campaign activity" condition's value: a campaign that went out. */
export const CAMPAIGN_CONDITION_TEXTS = {
  none: 'No campaign sent yet',
  unknown: 'A deleted campaign',
} as const;

/**
 * The "attribute" condition's key: one the customer's subscribers have, with how many have it, so
 * a condition cannot name a key nobody has (a typo would match no one, silently).
 */
export const ATTRIBUTE_CONDITION_TEXTS = {
  choose: 'Choose an attribute',
  loading: 'Loading attributes...',
  none: 'No attributes yet: import a file with extra columns or set them through the API',
  failed: 'Could not load your subscribers’ attributes.',
  /** "plan (12 people)". */
  option: (key: string, subscribers: number) => `${key} (${formatCount(subscribers)} ${subscribers === 1 ? 'person' : 'people'})`,
  /** A saved condition's key that no subscriber has any more: kept, and said so. */
  gone: (key: string) => `${key} (no one has it now)`,
} as const;

export const CONDITION_OP_LABELS: Record<string, string> = {
  opened: 'opened',
  clicked: 'clicked a link in',
  unsubscribed: 'unsubscribed after',
  is: 'is',
  is_not: 'is not',
  did: 'did',
  did_not: 'did not do',
  contains: 'contains',
  not_contains: 'does not contain',
  starts_with: 'starts with',
  ends_with: 'ends with',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
  gt: 'is greater than',
  lt: 'is less than',
  exists: 'is set',
  not_exists: 'is not set',
  engaged: 'opened or clicked in the last',
  not_engaged: 'did not open or click in the last',
  in: 'is on',
  not_in: 'is not on',
  before: 'before',
  after: 'after',
};

const number = new Intl.NumberFormat('en-GB');

export function formatCount(value: number): string {
  return number.format(value);
}

/** "3 subscribers", "1 subscriber". */
export function subscribersCount(value: number): string {
  return `${number.format(value)} ${value === 1 ? 'subscriber' : 'subscribers'}`;
}
