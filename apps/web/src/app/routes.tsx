import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ROUTES, withoutTrailingSlash } from '@postlark/shared/routes';
import { type LazyRoute, lazyRoute } from './lazy-route';
import { AccountScreen } from './account-screen';
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
// The account screens and the dashboard: one chunk with the Redux store (see account-layout.tsx).
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
            <Route path={ROUTES.platformIntegration} element={<AccountScreen name="platformIntegration" />} />
            <Route path={ROUTES.dashboard} element={<AccountScreen name="dashboard" />}>
              <Route index element={<AccountScreen name="dashboardHome" />} />
              <Route path={ROUTES.profile} element={<AccountScreen name="profile" />} />
              <Route path={ROUTES.subscribers} element={<AccountScreen name="subscribers" />} />
              <Route path={`${ROUTES.subscribers}/:subscriberId`} element={<AccountScreen name="subscriber" />} />
              <Route path={ROUTES.lists} element={<AccountScreen name="lists" />} />
              <Route path={ROUTES.imports} element={<AccountScreen name="imports" />} />
              <Route path={ROUTES.segments} element={<AccountScreen name="segments" />} />
              <Route path={ROUTES.forms} element={<AccountScreen name="forms" />} />
              <Route path={ROUTES.products} element={<AccountScreen name="products" />} />
              {/* Campaigns (issue 6): the list, and the editor of a new one (/new) or a saved one (/{id}). */}
              <Route path={`${ROUTES.dashboard}/campaigns`} element={<AccountScreen name="campaigns" />} />
              <Route path={`${ROUTES.dashboard}/campaigns/:campaignId`} element={<AccountScreen name="campaignEditor" />} />
              <Route path={ROUTES.senders} element={<AccountScreen name="senders" />} />
              <Route path={ROUTES.deliverability} element={<AccountScreen name="deliverability" />} />
              {/* Automations (issue 19): the flows, and one flow's builder. */}
              <Route path={ROUTES.automations} element={<AccountScreen name="automations" />} />
              <Route path={`${ROUTES.automations}/:flowId`} element={<AccountScreen name="flow" />} />
              <Route path={ROUTES.abTests} element={<AccountScreen name="abTests" />} />
              <Route path={ROUTES.reports} element={<AccountScreen name="reports" />} />
              <Route path={`${ROUTES.reports}/:campaignId`} element={<AccountScreen name="campaignReport" />} />
              <Route path={ROUTES.insights} element={<AccountScreen name="insights" />} />
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
