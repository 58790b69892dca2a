import type { SearchKind } from '@postlark/shared/search';
import { campaignPath, listSubscribersPath, segmentSubscribersPath, subscriberPath } from '@postlark/shared/routes';
import type { DashboardIconName } from './components/dashboard-icon';

// The top bar's search and calendar (issue 23): their texts, and where each result opens.
// The box's placeholder, 'Search Newsletter', is SPEC section 2's.

export const SEARCH_PLACEHOLDER = 'Search Newsletter';

export const SEARCH_GROUPS: readonly {
  kind: SearchKind;
  heading: string;
  icon: DashboardIconName;
  open(id: string): string;
}[] = [
  // A campaign opens as the campaigns list opens it: the editor, read-only once it has gone out.
  {
    kind: 'campaigns',
    heading: 'Campaigns',
    icon: 'campaigns',
    open: campaignPath,
  },
  {
    kind: 'subscribers',
    heading: 'Subscribers',
    icon: 'user',
    open: subscriberPath,
  },
  { kind: 'lists', heading: 'Lists', icon: 'list', open: listSubscribersPath },
  {
    kind: 'segments',
    heading: 'Segments',
    icon: 'segment',
    open: segmentSubscribersPath,
  },
];

export const SEARCH_TEXTS = {
  results: 'Search results',
  searching: 'Searching...',
  noResults: 'No results',
  subscribersFrom: (length: number) => `Type ${length} or more characters to find subscribers too.`,
  failed: 'Search is not available just now. Please try again.',
  shortcut: 'Press / to search',
  found: (count: number) => `${count} result${count === 1 ? '' : 's'}`,
  /** A group's count beside its heading: "3", or "12 · showing 5", or past the cap "1,000+ · showing 5". */
  total: (shown: number, total: number, capped: boolean) => {
    const all = `${total.toLocaleString('en')}${capped ? '+' : ''}`;
    return shown < total || capped ? `${all} · showing ${shown}` : all;
  },
} as const;

export const CALENDAR_TEXTS = {
  open: 'Calendar',
  title: 'Campaign calendar',
  description: 'Your scheduled and sent campaigns, by the day they go out.',
  previous: 'Previous month',
  next: 'Next month',
  today: 'Today',
  loading: 'Loading campaigns...',
  failed: 'Could not load your campaigns. Please try again.',
  empty: (month: string) => `No campaigns scheduled or sent in ${month}.`,
  more: (count: number) => `+${count} more`,
} as const;
