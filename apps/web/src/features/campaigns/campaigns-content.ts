import { type MessageStatus, UNCONFIRMED_DELIVERY_LABEL } from '@postlark/shared/campaigns';
import { campaignPath, reportPath, ROUTES } from '@postlark/shared/routes';

// The campaign pages' own texts, where the shared CAMPAIGN_MESSAGES (the server's) have none.
// Those are never repeated here. The paths are the shared route table's.

export const CAMPAIGNS_PATH = ROUTES.campaigns;
export const NEW_CAMPAIGN_PATH = ROUTES.newCampaign;
export { campaignPath };
/** The report page another feature draws. */
export const campaignReportPath = reportPath;

export const CAMPAIGN_TEXTS = {
  saveFailed: 'Could not save your changes. Please try again.',
  actionFailed: 'That did not work. Please try again.',
  campaignsFailed: 'Could not load your campaigns.',
  campaignFailed: 'Could not load this campaign.',
  loadingCampaigns: 'Loading campaigns...',
  loadingCampaign: 'Loading campaign...',
  loadingEditor: 'Loading the editor...',
  previewFailed: 'The preview could not be drawn just now; it tries again as you type.',
  previewEmpty: 'Start writing: your email shows here as subscribers will see it.',
  /** The Send now dialog: how many people get it, after those who cannot be mailed are left out. */
  recipients: (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'person' : 'people'}, after leaving out the unsubscribed, bounced and suppressed`,
  recipientsCounting: 'Counting…',
  previewScaled: (percent: number, width: number) => `Shown at ${percent}% of its real size: a desktop inbox gives it ${width} px, more than this panel has.`,
  audienceFailed: 'Could not load your lists and segments.',
  noAudience: 'You have no lists or segments yet.',
  readOnly: 'This campaign has started sending, so it can no longer be changed. Duplicate it to send a new version.',
  relayWaiting:
    'Sending is waiting: the mail relay cannot be reached. No message is lost or counted as failed, and sending goes on by itself once the relay answers again.',
  relayWaitingShort: 'Waiting for the mail relay',
  /** After a count: "3 not confirmed" (see UNCONFIRMED_DELIVERY_LABEL). */
  notConfirmed: 'not confirmed',
  unknownExplained:
    'We could not tell whether these went out: the sender stopped while handing them over (a crash or a restart). They were not sent again, so nobody got the email twice.',
  generatedText: 'Generated from your HTML each time you save.',
  editedText: 'Your own plain-text version. It no longer follows the HTML.',
  fixProblems: 'Fix the merge tags marked below before sending.',
  unsaved: 'Unsaved changes',
  allSaved: 'All changes saved',
  leaveUnsaved: 'This campaign has unsaved changes. Leave without saving them?',
} as const;

/** Where the customer adds and confirms the addresses campaigns are sent from. */
export const SENDERS_PATH = ROUTES.senders;

// The Senders page's and the From field's own texts (the server's answers are SENDER_MESSAGES).
export const SENDER_TEXTS = {
  loadFailed: 'Could not load your senders.',
  loading: 'Loading senders...',
  changeFailed: 'That did not work. Please try again.',
  lead: 'Campaigns can be sent from any address at a domain you authenticate below. Free-mail addresses (gmail.com, yahoo.com, outlook.com…) can only be authenticated by their provider, so we send those from our domain in your name, with replies to you.',
  addressesTitle: 'Sender addresses',
  addressesText: 'Each address gets an email with a confirmation link, valid for 72 hours. Until it is opened, nothing is sent from or to the address.',
  accountTag: 'Your account',
  confirmed: 'Confirmed',
  pending: 'Waiting for confirmation',
  expired: 'Link expired',
  domainsTitle: 'Sending domains',
  domainsText: 'Publish these records at your domain’s DNS provider. Once its DKIM record is found, every address at the domain can send your campaigns, signed with the domain’s own key.',
  noDomains: 'No domains yet. Add the domain your newsletter is sent from, like yourcompany.com.',
  domainStatus: { authenticated: 'Authenticated', pending: 'Waiting for DNS', lost: 'No longer authenticated' },
  recordState: { found: 'Found', missing: 'Missing', wrong: 'Wrong value', unreachable: 'No answer', unchecked: 'Not checked yet' },
  recordPurpose: {
    dkim: { label: 'DKIM', why: 'Proves the mail is yours; required to send.' },
    'return-path': { label: 'Return path', why: 'Lets bounces come back and SPF align.' },
    dmarc: { label: 'DMARC', why: 'Tells inboxes what to do with mail that fails; start with p=none.' },
    links: { label: 'Link domain', why: 'Puts your own domain in tracking and unsubscribe links, in place of ours.' },
  },
  required: 'Required',
  recommended: 'Recommended',
  recordsLabel: (domain: string) => `DNS records for ${domain}`,
  checkNow: 'Check now',
  checking: 'Checking…',
  checkLabel: (domain: string) => `Check the DNS records of ${domain} now`,
  checkedAt: (moment: string) => `Checked ${moment}`,
  neverChecked: 'Not checked yet',
  authenticatedSince: (moment: string) => `Authenticated since ${moment}`,
  copy: 'Copy',
  copied: 'Copied',
  copyLabel: (record: string, part: 'name' | 'value', domain: string) => `Copy the ${record} ${part} for ${domain}`,
  copiedStatus: (record: string, part: 'name' | 'value') => `The ${record} ${part} is copied to the clipboard.`,
  copyFailed: 'Could not copy: select the value and copy it with your keyboard.',
  showWhole: 'Show all',
  showLess: 'Show less',
  fromHint: 'Only addresses inboxes can authenticate can send.',
  fromManage: 'Manage senders',
  fromNoDomain: 'Send from your own domain, signed as yours:',
  fromNoDomainLink: 'authenticate it on the Senders page',
  fromOther: (domain: string) => `Another address at ${domain}…`,
  fromUnconfirmed: (email: string) => `${email} (cannot send)`,
  fromAtDomain: (domain: string) => `Address at ${domain}`,
  testExplained: 'Tests go only to your confirmed addresses: your account’s, your confirmed senders and any address at a verified domain.',
} as const;

export { CAMPAIGN_STATUS_LABELS } from '@postlark/shared/campaigns';

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  pending: 'Waiting',
  sending: 'Being sent',
  sent: 'Sent',
  failed: 'Failed',
  unknown: UNCONFIRMED_DELIVERY_LABEL,
  skipped: 'Skipped',
  held: 'Waiting for the A/B test',
};

/** The merge tags the editor offers; any other subscriber attribute is `attributes.<name>`. */
export const MERGE_TAGS = [
  { field: 'first_name', label: 'First name', fallback: 'there' },
  { field: 'last_name', label: 'Last name', fallback: '' },
  { field: 'email', label: 'Email address', fallback: '' },
  // The engagement score of the last insights refresh (issue 21): "42%" and "Cooling"; empty before one.
  { field: 'engagement.score', label: 'Engagement score (as 42%)', fallback: '' },
  { field: 'engagement.band', label: 'Engagement band (as Cooling)', fallback: '' },
] as const;

/** The Insert image dialog with the media library (image-insert-form.tsx). */
export const IMAGE_INSERT_TEXTS = {
  tabsLabel: 'Where the image comes from',
  upload: 'Upload',
  library: 'Your images',
  products: 'Products',
  address: 'By address',
  chooseFile: 'Choose an image (JPEG, PNG, GIF or WebP)',
  altLabel: 'Description (alt text)',
  altHint: 'Read aloud to people who cannot see the image, and shown when images are blocked.',
  uploading: 'Uploading the image',
  uploadAndInsert: 'Upload and insert',
  insert: 'Insert image',
  back: 'Choose another',
} as const;
