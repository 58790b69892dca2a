import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Provider } from 'react-redux';
import { Outlet } from 'react-router';
import { ACCOUNT_TIMINGS } from '@postlark/shared/account';
import { Toasts } from '../components/ui/toasts';
import BasicRoute from './routes/basic-route';
import CampaignEditorRoute from './routes/campaign-editor-route';
import CampaignReportRoute from './routes/campaign-report-route';
import CampaignsRoute from './routes/campaigns-route';
import CancelEmailChangeRoute from './routes/cancel-email-change-route';
import ConfirmEmailRoute from './routes/confirm-email-route';
import { RequireSession } from './require-session';
import DashboardHomeRoute from './routes/dashboard-home-route';
import DashboardRoute from './routes/dashboard-route';
import FormsRoute from './routes/forms-route';
import ForgetPasswordRoute from './routes/forget-password-route';
import ImportRoute from './routes/import-route';
import ListsRoute from './routes/lists-route';
import LoginRoute from './routes/login-route';
import PlatformIntegrationRoute from './routes/platform-integration-route';
import ProductsRoute from './routes/products-route';
import ProfileRoute from './routes/profile-route';
import ReportsRoute from './routes/reports-route';
import SegmentsRoute from './routes/segments-route';
import SendersRoute from './routes/senders-route';
import SignupRoute from './routes/signup-route';
import SubscriberRoute from './routes/subscriber-route';
import SubscribersRoute from './routes/subscribers-route';
import { store } from './store';

// The Insights page (its charts and tables) is a chunk of its own, fetched when it is opened.
const InsightsPage = lazy(() => import('./routes/insights-route'));

function InsightsRoute() {
  return (
    <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
      <InsightsPage />
    </Suspense>
  );
}

// The Automations pages (the flow builder is large) are a chunk of their own, fetched when opened.
const AutomationsPage = lazy(() => import('./routes/automations-route'));
const FlowPage = lazy(() => import('./routes/flow-route'));
const AutomationsRoute = () => <Lazy page={<AutomationsPage />} />;
const FlowRoute = () => <Lazy page={<FlowPage />} />;
// The Deliverability page (its charts and tables): a chunk of its own, like the Insights page.
const DeliverabilityPage = lazy(() => import('./routes/deliverability-route'));
const DeliverabilityRoute = () => <Lazy page={<DeliverabilityPage />} />;
// The A/B tests page: a chunk of its own too.
const AbTestsPage = lazy(() => import('./routes/ab-tests-route'));
const AbTestsRoute = () => <Lazy page={<AbTestsPage />} />;

function Lazy({ page }: { page: ReactNode }) {
  return <Suspense fallback={<div className="page-loading" aria-busy="true" />}>{page}</Suspense>;
}

// The account screens travel with this layout in one lazily loaded chunk: moving between them
// never waits for another fetch, and the public site's first bundle carries none of them nor
// Redux (docs/decisions/001-public-site-bundle.md). One chunk also sidesteps a Rolldown
// splitting quirk (rolldown/rolldown#10731): a lazy layout and lazy pages sharing react-redux
// moved React itself out of the entry into an extra chunk the landing page had to fetch.
const SCREENS = {
  signup: SignupRoute,
  basic: BasicRoute,
  login: LoginRoute,
  forgetPassword: ForgetPasswordRoute,
  confirmEmail: ConfirmEmailRoute,
  cancelEmailChange: CancelEmailChangeRoute,
  requireSession: RequireSession,
  platformIntegration: PlatformIntegrationRoute,
  dashboard: DashboardRoute,
  dashboardHome: DashboardHomeRoute,
  profile: ProfileRoute,
  subscribers: SubscribersRoute,
  subscriber: SubscriberRoute,
  lists: ListsRoute,
  imports: ImportRoute,
  segments: SegmentsRoute,
  forms: FormsRoute,
  products: ProductsRoute,
  campaigns: CampaignsRoute,
  campaignEditor: CampaignEditorRoute,
  senders: SendersRoute,
  deliverability: DeliverabilityRoute,
  reports: ReportsRoute,
  campaignReport: CampaignReportRoute,
  automations: AutomationsRoute,
  flow: FlowRoute,
  abTests: AbTestsRoute,
  insights: InsightsRoute,
} satisfies Record<string, ComponentType>;

export type AccountScreens = typeof SCREENS;
export type AccountScreenName = keyof AccountScreens;

/**
 * The account screens and the dashboard: the Redux store and their own toast area (3000 ms, SPEC
 * section 9). The public layout keeps its 5000 ms toasts, so each page shows one toast area.
 */
export default function AccountLayout() {
  return (
    <Provider store={store}>
      <Outlet context={SCREENS} />
      <Toasts autoCloseMs={ACCOUNT_TIMINGS.toastMs} />
    </Provider>
  );
}
