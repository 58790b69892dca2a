import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ROUTES, withoutTrailingSlash } from '@postlark/shared/routes';
import { type LazyRoute, lazyRoute } from './lazy-route';
import { AccountScreen, DashboardScreen } from './account-screen';
import { PublicLayout } from './public-layout';
import { RootLayout } from './root-layout';
import { LandingRoute } from './routes/landing-route';
import { NotFoundRoute } from './routes/not-found-route';

// The landing page ships in the first bundle; every other page is its own chunk, fetched on visit.
// Declarative routes keep React Router's data-loading code (unused here) out of that bundle.
const PrivacyRoute = lazyRoute(() => import('./routes/privacy-route'));
const FaqRoute = lazyRoute(() => import('./routes/faq-route'));
const TermsRoute = lazyRoute(() => import('./routes/terms-route'));
const PoliciesRoute = lazyRoute(() => import('./routes/policies-route'));
// Pages a customer's subscribers open (from emails, or a form): small chunks, without the dashboard's code.
const PreferenceCentreRoute = lazyRoute(() => import('./routes/preference-centre-route'));
const SignupFormRoute = lazyRoute(() => import('./routes/signup-form-route'));
const ConfirmSubscriptionRoute = lazyRoute(() => import('./routes/confirm-subscription-route'));
// Opened from a sender address's confirmation email, by whoever reads that mailbox: no session.
const ConfirmSenderRoute = lazyRoute(() => import('./routes/confirm-sender-route'));
// The account screens: one chunk with the Redux store (see account-layout.tsx). The signed-in
// screens under it are another (dashboard-screens.tsx), which /login and /signup never fetch.
const AccountLayout = lazyRoute(() => import('./account-layout'));

// The prerendered pages' chunks (apps/web/scripts/prerender.ts renders them into HTML).
const PRERENDERED_CHUNKS: Record<string, LazyRoute> = {
  [ROUTES.privacy]: PrivacyRoute,
  [ROUTES.faq]: FaqRoute,
  [ROUTES.term]: TermsRoute,
  [ROUTES.terms]: TermsRoute,
  [ROUTES.policies]: PoliciesRoute,
  [ROUTES.login]: AccountLayout,
  [ROUTES.signup]: AccountLayout,
};

/** Loads the chunk that draws a prerendered page, so rendering it does not suspend. */
export async function preloadPage(pathname: string): Promise<void> {
  await PRERENDERED_CHUNKS[withoutTrailingSlash(pathname)]?.preload();
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path={ROUTES.root} element={<Navigate to={ROUTES.landing} replace />} />
        <Route path={`${ROUTES.preferenceCentre}/:token`} element={<Lazy page={<PreferenceCentreRoute />} />} />
        <Route path={`${ROUTES.signupForm}/:formId`} element={<Lazy page={<SignupFormRoute />} />} />
        <Route path={ROUTES.confirmSubscription} element={<Lazy page={<ConfirmSubscriptionRoute />} />} />
        <Route path={ROUTES.confirmSender} element={<Lazy page={<ConfirmSenderRoute />} />} />
        <Route element={<PublicLayout />}>
          <Route path={ROUTES.landing} element={<LandingRoute />} />
          <Route path={ROUTES.privacy} element={<Lazy page={<PrivacyRoute />} />} />
          <Route path={ROUTES.faq} element={<Lazy page={<FaqRoute />} />} />
          <Route path={ROUTES.term} element={<Lazy page={<TermsRoute />} />} />
          <Route path={ROUTES.terms} element={<Lazy page={<TermsRoute />} />} />
          <Route path={ROUTES.policies} element={<Lazy page={<PoliciesRoute />} />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
        <Route element={<Lazy page={<AccountLayout />} />}>
          <Route path={ROUTES.signup} element={<AccountScreen name="signup" />} />
          <Route path={ROUTES.basic} element={<AccountScreen name="basic" />} />
          <Route path={ROUTES.login} element={<AccountScreen name="login" />} />
          <Route path={ROUTES.forgetPassword} element={<AccountScreen name="forgetPassword" />} />
          {/* The new address's confirmation link: its token is the proof, so no session is needed. */}
          <Route path={ROUTES.confirmEmail} element={<AccountScreen name="confirmEmail" />} />
          {/* The old address's "this wasn't me" link: its token is the proof too. */}
          <Route path={ROUTES.cancelEmailChange} element={<AccountScreen name="cancelEmailChange" />} />
          {/* Signed-in only: a signed-out visitor goes to /login and comes back after signing in. */}
          <Route element={<AccountScreen name="requireSession" />}>
            <Route path={ROUTES.platformIntegration} element={<DashboardScreen name="platformIntegration" />} />
            <Route path={ROUTES.dashboard} element={<DashboardScreen name="dashboard" />}>
              <Route index element={<DashboardScreen name="dashboardHome" />} />
              <Route path={ROUTES.profile} element={<DashboardScreen name="profile" />} />
              <Route path={ROUTES.subscribers} element={<DashboardScreen name="subscribers" />} />
              <Route path={`${ROUTES.subscribers}/:subscriberId`} element={<DashboardScreen name="subscriber" />} />
              <Route path={ROUTES.lists} element={<DashboardScreen name="lists" />} />
              <Route path={ROUTES.imports} element={<DashboardScreen name="imports" />} />
              <Route path={ROUTES.segments} element={<DashboardScreen name="segments" />} />
              <Route path={ROUTES.forms} element={<DashboardScreen name="forms" />} />
              <Route path={ROUTES.products} element={<DashboardScreen name="products" />} />
              {/* Campaigns (issue 6): the list, and the editor of a new one (/new) or a saved one (/{id}). */}
              <Route path={`${ROUTES.dashboard}/campaigns`} element={<DashboardScreen name="campaigns" />} />
              <Route path={`${ROUTES.dashboard}/campaigns/:campaignId`} element={<DashboardScreen name="campaignEditor" />} />
              <Route path={ROUTES.media} element={<DashboardScreen name="media" />} />
              <Route path={ROUTES.brand} element={<DashboardScreen name="brand" />} />
              <Route path={ROUTES.senders} element={<DashboardScreen name="senders" />} />
              <Route path={ROUTES.deliverability} element={<DashboardScreen name="deliverability" />} />
              {/* Automations (issue 19): the flows, and one flow's builder. */}
              <Route path={ROUTES.automations} element={<DashboardScreen name="automations" />} />
              <Route path={`${ROUTES.automations}/:flowId`} element={<DashboardScreen name="flow" />} />
              <Route path={ROUTES.abTests} element={<DashboardScreen name="abTests" />} />
              <Route path={ROUTES.reports} element={<DashboardScreen name="reports" />} />
              <Route path={`${ROUTES.reports}/:campaignId`} element={<DashboardScreen name="campaignReport" />} />
              <Route path={ROUTES.insights} element={<DashboardScreen name="insights" />} />
            </Route>
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}

function Lazy({ page }: { page: React.ReactNode }) {
  return <Suspense fallback={<div className="page-loading" aria-busy="true" />}>{page}</Suspense>;
}
