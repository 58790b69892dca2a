import { AI_LIMITS } from '@postlark/shared/ai';
import { PLATFORMS } from '../../components/ui/platform-mark';
import type { DashboardIconName } from './components/dashboard-icon';

// SPEC section 2: the dashboard shell's sidebar, in the spec's order. Campaigns and Auto A/B
// Testing list the three platforms; Subscribers opens the audience's pages (issue 5), which the
// app tells the sidebar the addresses of (Sidebar's `links`); so does Reports (issue 6).
export interface NavChild {
  id: string;
  label: string;
  /** A platform's mark, or else an icon, beside the label. */
  platform?: (typeof PLATFORMS)[number]['id'];
  icon?: DashboardIconName;
}

export interface NavItem {
  id: string;
  label: string;
  icon: DashboardIconName;
  children?: readonly NavChild[];
  /** Upgrade and Connect other apps sit apart, at the foot of the sidebar. */
  foot?: boolean;
  /** Selecting it opens a dialog (Upgrade's plans). */
  opensDialog?: boolean;
}

const platformChildren = (parent: string) => PLATFORMS.map((platform) => ({ id: `${parent}/${platform.id}`, label: platform.name, platform: platform.id }));

/** The Subscribers item's pages. */
export const AUDIENCE_NAV = {
  subscribers: 'subscribers/all',
  lists: 'subscribers/lists',
  segments: 'subscribers/segments',
  forms: 'subscribers/forms',
  imports: 'subscribers/import',
  products: 'subscribers/products',
} as const;

/** The Campaigns item opens the campaigns list; its platform sub-items stay as the spec shows them. */
export const CAMPAIGNS_NAV = 'campaigns';

/** Issue 38, point 8: the way to every campaign, first among the platforms (those stay as the spec lists them). */
export const ALL_CAMPAIGNS_NAV = 'campaigns/all';

/** Issue 33: the media library, under Campaigns after All campaigns. */
export const MEDIA_NAV = 'campaigns/media';
export const BRAND_NAV = 'campaigns/brand';

/** Automations (issue 19): a page of its own beside Campaigns; not one of the spec's items, which keep their texts. */
export const AUTOMATIONS_NAV = 'automations';

/** Auto A/B Testing opens the tests page; its platform sub-items open it for one platform. */
export const AB_TESTS_NAV = 'ab-testing';

/** The Reports item: a page of its own, across campaigns. */
export const REPORTS_NAV = 'reports';

/** Deliverability (issue 32): a page of its own beside Reports; not one of the spec's items, which keep their texts and order. */
export const DELIVERABILITY_NAV = 'deliverability';

/** Upgrade opens the plans in a dialog (issue 23) rather than only highlighting. */
export const UPGRADE_NAV = 'upgrade';

/** Connect other apps opens the integrations: platforms, AI provider, webhooks, API keys (issue 38, point 5). */
export const CONNECT_NAV = 'connect';

export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'home', label: 'Home', icon: 'home' },
  {
    id: CAMPAIGNS_NAV,
    label: 'Campaigns',
    icon: 'campaigns',
    children: [{ id: ALL_CAMPAIGNS_NAV, label: 'All campaigns', icon: 'list' }, { id: MEDIA_NAV, label: 'Media', icon: 'image' }, { id: BRAND_NAV, label: 'Brand', icon: 'palette' }, ...platformChildren(CAMPAIGNS_NAV)],
  },
  { id: AUTOMATIONS_NAV, label: 'Automations', icon: 'automations' },
  { id: AB_TESTS_NAV, label: 'Auto A/B Testing', icon: 'ab', children: platformChildren(AB_TESTS_NAV) },
  {
    id: 'subscribers',
    label: 'Subscribers',
    icon: 'subscribers',
    children: [
      { id: AUDIENCE_NAV.subscribers, label: 'All subscribers', icon: 'user' },
      { id: AUDIENCE_NAV.lists, label: 'Lists', icon: 'list' },
      { id: AUDIENCE_NAV.segments, label: 'Segments', icon: 'segment' },
      { id: AUDIENCE_NAV.forms, label: 'Forms', icon: 'form' },
      { id: AUDIENCE_NAV.products, label: 'Products', icon: 'tag' },
      { id: AUDIENCE_NAV.imports, label: 'Import', icon: 'upload' },
    ],
  },
  { id: REPORTS_NAV, label: 'Reports', icon: 'reports' },
  { id: DELIVERABILITY_NAV, label: 'Deliverability', icon: 'deliverability' },
  { id: UPGRADE_NAV, label: 'Upgrade', icon: 'upgrade', foot: true, opensDialog: true },
  { id: CONNECT_NAV, label: 'Connect other apps', icon: 'connect', foot: true },
];

// SPEC sections 1 and 9: the top bar's badge, 3 for a new account; issue 20 makes it the account's
// real count from GET /api/ai/provider, and this is what it reads if that could not be had.
export const FREE_ATTEMPTS_LEFT = AI_LIMITS.freeAttempts;

/** SPEC section 2: the avatar shows the first letter of the first name, '!' when there is none. */
export function avatarInitial(firstName: string | null | undefined): string {
  const letter = firstName?.trim().charAt(0);
  return letter ? letter.toUpperCase() : '!';
}
