import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useOutletContext } from 'react-router';
import { INTEGRATIONS_PATH, ROUTES } from '@postlark/shared/routes';
import { showToast } from '../../components/ui/toasts';
import { AvatarMenu } from '../../features/dashboard/components/avatar-menu';
import { HelpPanel } from '../../features/dashboard/components/help-panel';
import { UpgradePanel } from '../../features/dashboard/components/upgrade-panel';
import { Sidebar } from '../../features/dashboard/components/sidebar';
import { TopBar } from '../../features/dashboard/components/top-bar';
import { CAMPAIGNS_PATH } from '../../features/campaigns/campaigns-content';
import { PLATFORMS } from '../../components/ui/platform-mark';
import {
  AB_TESTS_NAV,
  ALL_CAMPAIGNS_NAV,
  MEDIA_NAV,
  BRAND_NAV,
  AUDIENCE_NAV,
  AUTOMATIONS_NAV,
  avatarInitial,
  CAMPAIGNS_NAV,
  CONNECT_NAV,
  DELIVERABILITY_NAV,
  REPORTS_NAV,
  UPGRADE_NAV,
} from '../../features/dashboard/dashboard-content';
import { fetchProfile } from '../../features/login/login-slice';
import { NotificationPanel } from '../../features/notifications/components/notification-panel';
import { useMediaQuery } from '../../lib/use-media-query';
import { useAppDispatch, useAppSelector } from '../store-hooks';
import { useAccountPlan } from '../use-account-plan';
import { useAiProvider } from '../use-ai-provider';
import { useLogOut } from '../use-log-out';
import { useNotifications } from '../use-notifications';
import '../../components/ui/card.css';
import './dashboard-route.css';
import { ImageSourceContext } from '../../components/media/image-source';
import { mediaImageSource } from '../../features/media/media-image-source';

const SIDEBAR_ID = 'dashboard-sidebar';
// Below this width the sidebar is an off-canvas drawer.
const DRAWER_QUERY = '(max-width: 900px)';

// The sidebar's sub-items that are pages, and the item each page highlights.
const SIDEBAR_LINKS: Readonly<Record<string, string>> = {
  [AUDIENCE_NAV.subscribers]: ROUTES.subscribers,
  [AUDIENCE_NAV.lists]: ROUTES.lists,
  [AUDIENCE_NAV.segments]: ROUTES.segments,
  [AUDIENCE_NAV.forms]: ROUTES.forms,
  [AUDIENCE_NAV.imports]: ROUTES.imports,
  [AUDIENCE_NAV.products]: ROUTES.products,
  [REPORTS_NAV]: ROUTES.reports,
  [DELIVERABILITY_NAV]: ROUTES.deliverability,
  [CAMPAIGNS_NAV]: CAMPAIGNS_PATH,
  [ALL_CAMPAIGNS_NAV]: CAMPAIGNS_PATH,
  [MEDIA_NAV]: ROUTES.media,
  [BRAND_NAV]: ROUTES.brand,
  [CONNECT_NAV]: INTEGRATIONS_PATH,
  [AUTOMATIONS_NAV]: ROUTES.automations,
  [AB_TESTS_NAV]: ROUTES.abTests,
  // Each platform's campaigns and tests: those it delivered (issue 22).
  ...Object.fromEntries(PLATFORMS.map((platform) => [`${CAMPAIGNS_NAV}/${platform.id}`, `${CAMPAIGNS_PATH}?platform=${platform.id}`])),
  ...Object.fromEntries(PLATFORMS.map((platform) => [`${AB_TESTS_NAV}/${platform.id}`, `${ROUTES.abTests}?platform=${platform.id}`])),
};
const LINKED_ITEMS = new Set(Object.keys(SIDEBAR_LINKS));

// A platform's campaigns or tests highlight its sub-item under `parent`; all of them, `unfiltered`.
function platformItem(unfiltered: string, search: string, parent = unfiltered): string {
  const platform = PLATFORMS.find((entry) => entry.id === new URLSearchParams(search).get('platform'));
  return platform ? `${parent}/${platform.id}` : unfiltered;
}

function navItemFor(pathname: string, search = ''): string | null {
  const path = pathname.length > 1 ? pathname.replace(/(?<!\/)\/+$/, '') : pathname;
  if (path === ROUTES.dashboard) return 'home';
  if (path === ROUTES.lists) return AUDIENCE_NAV.lists;
  if (path === ROUTES.segments) return AUDIENCE_NAV.segments;
  if (path === ROUTES.forms) return AUDIENCE_NAV.forms;
  if (path === ROUTES.imports) return AUDIENCE_NAV.imports;
  if (path === ROUTES.products) return AUDIENCE_NAV.products;
  if (path === ROUTES.subscribers || path.startsWith(`${ROUTES.subscribers}/`)) return AUDIENCE_NAV.subscribers;
  if (path === ROUTES.reports || path.startsWith(`${ROUTES.reports}/`) || path === ROUTES.insights) return REPORTS_NAV;
  if (path === ROUTES.deliverability) return DELIVERABILITY_NAV;
  if (path === ROUTES.media) return MEDIA_NAV;
  if (path === ROUTES.brand) return BRAND_NAV;
  if (path === CAMPAIGNS_PATH) return platformItem(ALL_CAMPAIGNS_NAV, search, CAMPAIGNS_NAV);
  if (path.startsWith(`${CAMPAIGNS_PATH}/`)) return CAMPAIGNS_NAV;
  if (path === ROUTES.automations || path.startsWith(`${ROUTES.automations}/`)) return AUTOMATIONS_NAV;
  if (path === ROUTES.abTests) return platformItem(AB_TESTS_NAV, search);
  if (path === ROUTES.profile && new URLSearchParams(search).get('tab') === 'integrations') return CONNECT_NAV;
  return null;
}

/**
 * SPEC section 2's dashboard shell around /dashboard, /dashboard/profile and the audience's pages:
 * the sidebar, the top bar with the avatar menu and its notification panel, and the page below.
 */
export default function DashboardRoute() {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  const screens = useOutletContext();
  const customerId = useAppSelector((state) => state.login.customerId);
  const aiProvider = useAiProvider();
  const profile = useAppSelector((state) => state.login.profile);
  const profileFailed = useAppSelector((state) => state.login.error !== null && !state.login.loading);
  const drawerMode = useMediaQuery(DRAWER_QUERY);
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [selected, setSelected] = useState<string | null>(navItemFor(pathname, search));
  // The address with its query: "Show all" on a platform's campaigns changes only the query.
  const [shownPath, setShownPath] = useState(pathname + search);
  const focusToggle = useRef(false);
  const notifications = useNotifications(customerId);
  const { loggingOut, logOut } = useLogOut();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const accountPlan = useAccountPlan(customerId, upgradeOpen);

  // SPEC section 4: with a customer id in the login state, the dashboard asks for the profile.
  useEffect(() => {
    if (!customerId) return;
    void dispatch(fetchProfile(customerId)).then((result) => {
      if (fetchProfile.rejected.match(result)) void showToast('error', result.payload ?? result.error.message ?? '');
    });
  }, [customerId, dispatch]);

  // The drawer moves focus in when it opens, and back to its toggle when it closes.
  useEffect(() => {
    if (drawerOpen) document.querySelector<HTMLElement>(`#${SIDEBAR_ID} .sidebar__close`)?.focus();
    else if (focusToggle.current) document.querySelector<HTMLElement>(`[aria-controls="${SIDEBAR_ID}"]`)?.focus();
    focusToggle.current = false;
  }, [drawerOpen]);

  // A page change (Home, Profile, the audience's pages) puts the drawer away and highlights the
  // page's item; leaving a page its item led to, that item is no longer highlighted.
  if (pathname + search !== shownPath) {
    setShownPath(pathname + search);
    setDrawerOpen(false);
    const item = navItemFor(pathname, search);
    if (item) setSelected(item);
    else if (selected && LINKED_ITEMS.has(selected)) setSelected(null);
  }

  const firstName = profile?.additional_info.first_name ?? '';
  const drawer = drawerMode ? (drawerOpen ? 'open' : 'closed') : null;

  function closeDrawer() {
    focusToggle.current = true;
    setDrawerOpen(false);
  }

  return (
    <div className={`dashboard${collapsed && !drawerMode ? ' dashboard--collapsed' : ''}`}>
      <Sidebar
        id={SIDEBAR_ID}
        collapsed={collapsed && !drawerMode}
        drawer={drawer}
        selected={selected}
        onSelect={(id) => {
          // Upgrade opens the plans (issue 23) over the page, which keeps its highlighted item.
          if (id === UPGRADE_NAV) return setUpgradeOpen(true);
          setSelected(id);
          // Home is the one item that leads somewhere: the drawer makes way for it.
          if (id === 'home') setDrawerOpen(false);
        }}
        onCloseDrawer={closeDrawer}
        links={SIDEBAR_LINKS}
      />
      {drawer === 'open' && <div className="dashboard__scrim" aria-hidden="true" onClick={closeDrawer} />}
      <div className="dashboard__body" inert={drawer === 'open'}>
        <TopBar
          sidebarId={SIDEBAR_ID}
          sidebarShown={drawerMode ? drawerOpen : !collapsed}
          freeAttemptsLeft={aiProvider.failed ? undefined : (aiProvider.view?.free_attempts_left ?? null)}
          onToggleSidebar={() => (drawerMode ? setDrawerOpen((open) => !open) : setCollapsed((value) => !value))}
          help={<HelpPanel customerId={customerId} email={profile?.email ?? ''} />}
          account={
            <AvatarMenu
              // Blank while the profile loads; '!' when it has no first name, or could not be had.
              initial={profile || profileFailed ? avatarInitial(firstName) : null}
              firstName={firstName}
              email={profile?.email ?? ''}
              badge={notifications.badge}
              loggingOut={loggingOut}
              onOpenMenu={notifications.refresh}
              onOpenNotifications={notifications.opened}
              renderNotifications={(back) => (
                <NotificationPanel
                  entries={notifications.entries}
                  pending={notifications.pending}
                  onBack={back}
                  onDismiss={(id) => void notifications.dismiss(id)}
                  onDismissAll={() => void notifications.dismissAll()}
                />
              )}
              onLogOut={() => void logOut()}
            />
          }
        />
        <main id="main" tabIndex={-1} className="dashboard__main">
          {/* The editor's images come from the media library (components/media/image-source.ts). */}
          <ImageSourceContext.Provider value={mediaImageSource}>
            <Outlet context={screens} />
          </ImageSourceContext.Provider>
        </main>
      </div>
      <UpgradePanel open={upgradeOpen} onClose={() => setUpgradeOpen(false)} plan={accountPlan.state} onRetry={accountPlan.retry} />
    </div>
  );
}
