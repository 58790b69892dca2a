// The sentences of the starting templates (campaign templates and starter flows' emails) that
// stand in for the customer's own words (issue 38, point 10). The templates are written from
// these, and the checks before sending and before a flow goes live look for them: a campaign
// that still says "Tell the main news in two or three sentences" was sent by mistake.

export const STARTER_COPY = {
  newsletterStory: 'Tell the main news in two or three sentences. Say why it matters to your readers.',
  newsletterLinkWhy: 'one line on why.',
  announcementWhat: 'Describe what it is and what it does for the reader in one paragraph.',
  announcementFirst: 'The first thing it lets you do',
  announcementSecond: 'The second thing it lets you do',
  announcementThird: 'The third thing it lets you do',
  letterBody: 'Write as you would to one person. Short paragraphs read best on a phone.',
  welcomeFirst: 'Thanks for joining us. Say here what readers will get from you, and how often.',
  welcomeBest: 'Link to two or three of your most loved pieces, with a line on why each one is worth a look.',
  cartReminder: 'Your cart is waiting for you. Say what makes the items worth coming back for.',
  cartLastCall: 'Your items are still here, for now. Give one good reason to finish the order today.',
  purchaseThanks: 'Thank the buyer, and ask one question about how the order is going.',
  purchaseNext: 'Suggest two or three things that go well with what they bought.',
  winBackMissed: 'Say what is new since they last read, in two or three lines.',
  winBackLast: 'Ask if they would like to keep hearing from you, and say what they would get.',
  birthdayGift: 'Something small from us to you: describe the gift or the offer here.',
  digestStory: 'Sum up the story in one or two sentences, and say what the reader learns from it.',
  launchWhat: 'Say what you made, who it is for, and the one problem it solves.',
  launchFeature: 'Name a feature and what it does for the reader in one line.',
  saleOffer: 'Say what is on sale, by how much, and until when.',
  saleSmallPrint: 'Add the offer’s conditions here: dates, exclusions, how the code works.',
  reengageMissed: 'Say what readers missed lately, in two or three lines, and what comes next.',
  eventWhat: 'Say what the event is, who it is for, and what guests take home from it.',
  eventWhen: 'Day, date and time, with the time zone',
  eventWhere: 'The place and its address, or the link to join online',
  reviewAsk: 'Ask how the order is going, and whether they would leave a short review.',
  episodeSummary: 'Sum up the episode in two or three sentences: the guest, the question, what listeners learn.',
  episodeMoment: 'A moment worth listening for, with its time in the episode',
} as const;

const PLACEHOLDERS: readonly string[] = Object.values(STARTER_COPY);

/** Runs of spaces (from markup's line breaks and indents) as one space, as a reader sees text. */
function collapseSpaces(text: string): string {
  let out = '';
  let space = false;
  for (const char of text) {
    const isSpace = char === ' ' || char === '\n' || char === '\t' || char === '\r' || char === '\u00a0';
    if (isSpace) space = true;
    else {
      if (space && out) out += ' ';
      out += char;
      space = false;
    }
  }
  return out;
}

/** The starter sentences still in `text` (the content's words, markup removed), in the templates' order. */
export function starterCopyIn(text: string): string[] {
  const read = collapseSpaces(text);
  return PLACEHOLDERS.filter((sentence) => read.includes(sentence));
}

// RFC 2606 keeps these for documentation: a link to one reaches nobody's site.
const EXAMPLE_DOMAINS = ['example.com', 'example.net', 'example.org'];

/**
 * Whether a link's host (as URL parses it: the caller parses, in the browser or on the server) is
 * a documentation domain, as the templates' buttons are until changed.
 */
export function isExampleHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return EXAMPLE_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}
