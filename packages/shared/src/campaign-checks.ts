// "Check before sending" (issue 30, point 6): what the editor's checklist and the send dialog show
// about a saved campaign. Only what campaign readiness already refuses is a `fail` (the send would
// refuse it too); everything else the checks find is a `warn` the customer may send past.

export const CAMPAIGN_CHECK_IDS = ['from', 'return-path', 'dmarc', 'address', 'content', 'sections', 'unfinished', 'size', 'links', 'images', 'spam'] as const;
export type CampaignCheckId = (typeof CAMPAIGN_CHECK_IDS)[number];

export type CampaignCheckStatus = 'pass' | 'warn' | 'fail';

export interface CampaignCheck {
  id: CampaignCheckId;
  status: CampaignCheckStatus;
  title: string;
  detail: string;
}

/** POST /campaigns/v1/campaigns/:id/checks and /api/v1/campaigns/:id/checks answer this as their payload. */
export interface CampaignChecks {
  checks: CampaignCheck[];
}

export const CAMPAIGN_CHECK_RULES = {
  /** Gmail shows "[Message clipped] View entire message" past this many bytes of HTML. */
  clipBytes: 102 * 1024,
  /** Distinct links checked per run; the rest are named as not checked. */
  maxLinks: 50,
  /** How long one link may take to answer, in seconds. */
  linkTimeoutSeconds: 3,
  /** Runs of the checks per account a minute: each one asks up to maxLinks sites. */
  runsPerMinute: 5,
} as const;

const kb = (bytes: number) => `${(bytes / 1024).toLocaleString('en', { maximumFractionDigits: 1 })} KB`;

const listOf = (items: readonly string[], max = 5) => (items.length > max ? `${items.slice(0, max).join(', ')} and ${items.length - max} more` : items.join(', '));

export const CAMPAIGN_CHECK_TEXTS = {
  runTitle: 'Check before sending',
  runIntro: 'Checks the saved campaign as readers will get it: the From address, the postal address, words left from a template, its size, its links, its images and, where the server has a spam checker, its score.',
  run: 'Run checks',
  again: 'Run again',
  runningShort: 'Checking…',
  running: 'Checking the From domain, the message size and every link…',
  notSaved: 'Save the campaign to check it.',
  unsavedChanges: 'The checks read the saved campaign: save to check your latest changes.',
  summary: (fails: number, warns: number) =>
    fails > 0 ? `${fails} to fix before sending${warns > 0 ? `, ${warns} to look at` : ''}.` : warns > 0 ? `${warns} to look at; you can still send.` : 'Everything checked is fine.',
  failed: 'The checks could not be run. Please try again.',
  tooOften: `The checks ask every link's site, so they run at most ${CAMPAIGN_CHECK_RULES.runsPerMinute} times a minute. Wait a moment and run them again.`,
  statusLabel: { pass: 'Passed', warn: 'Warning', fail: 'Must be fixed' } as Record<CampaignCheckStatus, string>,

  fromTitle: 'From address',
  fromMissing: 'Choose a From address: the campaign has none yet.',
  fromOwnDomain: (domain: string) => `Sent as written and signed with ${domain}'s own DKIM key, so it passes DMARC at Gmail, Yahoo and Microsoft.`,
  fromOperatorDomain: (domain: string) => `Sent as written and signed by ${domain}, the platform's own domain, so it passes DMARC.`,
  fromVia: (email: string, sentAs: string) =>
    `${email} is at a mailbox provider's domain that only it can authenticate: readers see your name From ${sentAs}, with replies to ${email}. Add a domain of your own on the Senders page to send as yourself.`,

  returnPathTitle: 'Return path (SPF)',
  returnPathFound: (name: string) => `${name} points at our bounce domain: the envelope sender aligns with your From domain, so SPF passes too.`,
  returnPathMissing: (name: string) =>
    `${name} is not published yet: DKIM alone carries DMARC, but SPF does not align. Publish the CNAME shown on the Senders page, then check the domain.`,

  dmarcTitle: 'DMARC record',
  dmarcFound: (domain: string, record: string) => `_dmarc.${domain} publishes ${record}.`,
  dmarcMissing: (domain: string) =>
    `_dmarc.${domain} has no DMARC record. Gmail and Yahoo ask bulk senders to publish one: start with the record suggested on the Senders page.`,
  dmarcUnknown: (domain: string) => `_dmarc.${domain} could not be read at the last check. Check the domain again on the Senders page.`,

  addressTitle: 'Postal address',
  addressShown: (line: string) => `The footer shows your postal address, as the law asks: ${line}.`,
  /** The link under a missing address, to the profile tab where it is filled in. */
  addressFix: 'Add it in Contact information',

  contentTitle: 'Content',

  unfinishedTitle: 'Template text and example links',
  unfinishedNone: 'No starting-template text or example.com links are left.',
  // The quoted sentence ends the text: it brings its own full stop.
  unfinishedCopy: (sentences: readonly string[]) =>
    `Replace the template's words with your own${sentences.length > 1 ? ` (${sentences.length} sentences are still as written)` : ''}: "${sentences[0]}"`,
  unfinishedLinks: (links: readonly string[]) => `${links.length === 1 ? 'A link goes' : `${links.length} links go`} to an example domain that reaches no one: ${listOf(links)}.`,

  sizeTitle: 'Message size',
  sizeUnder: (bytes: number) =>
    `The HTML part is ${kb(bytes)} (UTF-8, with tracked links, before transfer encoding), under Gmail's ${kb(CAMPAIGN_CHECK_RULES.clipBytes)} clipping limit.`,
  sizeOver: (bytes: number) =>
    `The HTML part is ${kb(bytes)} (UTF-8, with tracked links, before transfer encoding): Gmail clips messages past ${kb(CAMPAIGN_CHECK_RULES.clipBytes)} and shows "View entire message" instead of the rest.`,
  sizeHidden: (parts: readonly string[]) => ` Hidden in Gmail: ${parts.join(' and ')}. Shorten the content or move some of it to a web page.`,
  sizeEndsLast: ' The open pixel and the footer come last, so clipping hides them only after all of your content.',
  sizeNotLast: (parts: readonly string[]) => ` ${parts.join(' and ')} not at the end of the message: clipping could hide them before your content ends.`,
  hiddenFooter: 'the footer with the unsubscribe link and your postal address',
  hiddenPixel: 'the open pixel (opens in Gmail are not counted)',
  pixelPart: 'The open pixel is',
  footerPart: 'The footer is',

  linksTitle: 'Links',
  linksNone: 'The content has no web links to check.',
  linksAllAnswer: (count: number) => `All ${count.toLocaleString('en')} ${count === 1 ? 'link answers' : 'distinct links answer'}.`,
  linksBroken: (broken: readonly string[]) => `${broken.length === 1 ? 'This link does' : `${broken.length} links do`} not answer: ${listOf(broken, 8)}.`,
  linksOverLimit: (checked: number, total: number) => ` Only the first ${checked} of ${total} distinct links were checked.`,
  linkStatus: (url: string, status: number) => `${url} (answers ${status})`,
  linkFailed: (url: string, why: string) => `${url} (${why})`,
  linkTimedOut: `no answer within ${CAMPAIGN_CHECK_RULES.linkTimeoutSeconds} s`,
  linkRefused: 'not a public address',
  linkNotFound: 'host not found',
  linkConnectionRefused: 'connection refused',
  linkTooManyRedirects: 'too many redirects',

  imagesTitle: 'Image descriptions',
  imagesNone: 'The content has no images.',
  imagesAllAlt: (count: number) => `${count === 1 ? 'The image has' : `All ${count} images have`} a description (alt text).`,
  imagesMissingAlt: (sources: readonly string[]) =>
    `${sources.length === 1 ? 'An image has' : `${sources.length} images have`} no description (alt text): ${listOf(sources)}. Many readers see images only after asking for them, and screen readers read the description aloud.`,

  spamTitle: 'Spam score',
  spamUnder: (score: number, threshold: number) => `Scored ${score} against a threshold of ${threshold}.`,
  spamOver: (score: number, threshold: number) => `Scored ${score}, at or past the threshold of ${threshold}: spam filters are likely to junk it.`,
  spamRules: (rules: readonly string[]) => ` Rules that fired: ${listOf(rules, 12)}.`,
  spamUnavailable: (why: string) => `The spam checker did not give a score (${why}). The other checks are unaffected.`,
} as const;
