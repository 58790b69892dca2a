import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import CampaignEditorRoute from './routes/campaign-editor-route';
import CampaignReportRoute from './routes/campaign-report-route';
import CampaignsRoute from './routes/campaigns-route';
import DashboardHomeRoute from './routes/dashboard-home-route';
import DashboardRoute from './routes/dashboard-route';
import FormsRoute from './routes/forms-route';
import ImportRoute from './routes/import-route';
import ListsRoute from './routes/lists-route';
import PlatformIntegrationRoute from './routes/platform-integration-route';
import ProductsRoute from './routes/products-route';
import ProfileRoute from './routes/profile-route';
import ReportsRoute from './routes/reports-route';
import SegmentsRoute from './routes/segments-route';
import SendersRoute from './routes/senders-route';
import SubscriberRoute from './routes/subscriber-route';
import SubscribersRoute from './routes/subscribers-route';

// The Insights page (its charts and tables) is a chunk of its own, fetched when it is opened.
const InsightsPage = lazy(() => import('./routes/insights-route'));
const InsightsRoute = () => <Lazy page={<InsightsPage />} />;
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
// The media library: a chunk of its own too.
const MediaPage = lazy(() => import('./routes/media-route'));
const MediaRoute = () => <Lazy page={<MediaPage />} />;
// The brand kit: a chunk of its own too.
const BrandPage = lazy(() => import('./routes/brand-route'));
const BrandRoute = () => <Lazy page={<BrandPage />} />;

function Lazy({ page }: { page: ReactNode }) {
  return <Suspense fallback={<div className="page-loading" aria-busy="true" />}>{page}</Suspense>;
}

// The signed-in screens travel in one lazily loaded chunk: moving between them never waits for
// another fetch. It is apart from the sign-in and sign-up screens (account-layout.tsx), so the
// returning customer's /login downloads, parses and styles none of the dashboard (issue 38).
const SCREENS = {
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
  media: MediaRoute,
  brand: BrandRoute,
  senders: SendersRoute,
  deliverability: DeliverabilityRoute,
  reports: ReportsRoute,
  campaignReport: CampaignReportRoute,
  automations: AutomationsRoute,
  flow: FlowRoute,
  abTests: AbTestsRoute,
  insights: InsightsRoute,
} satisfies Record<string, ComponentType>;

export type DashboardScreens = typeof SCREENS;
export type DashboardScreenName = keyof DashboardScreens;

/**
 * The signed-in pages, drawn by RequireSession inside the account layout's store and toasts: hands
 * the routes below it their screens (DashboardScreen), as the account layout does for its own.
 */
export default function DashboardScreensLayout() {
  return <Outlet context={SCREENS} />;
}
