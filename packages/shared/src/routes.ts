// The spec's route table (SPEC section 2). Paths are the contract; components and the server use these names.
export const ROUTES = {
  root: '/',
  landing: '/landing',
  privacy: '/privacy',
  faq: '/faq',
  term: '/term',
  // The avatar menu links to /terms, so the terms page answers there too.
  terms: '/terms',
  policies: '/policies',
  signup: '/signup',
  basic: '/basic',
  login: '/login',
  forgetPassword: '/forget-password',
  platformIntegration: '/platform-integration',
  dashboard: '/dashboard',
  profile: '/dashboard/profile',
  // Opened from the mail that confirms a new email address.
  confirmEmail: '/confirm-email',
} as const;

// Pages the web app renders today; the server answers any other path with the not-found page and a 404.
export const RENDERED_PAGES: readonly string[] = [
  ROUTES.root,
  ROUTES.landing,
  ROUTES.privacy,
  ROUTES.faq,
  ROUTES.term,
  ROUTES.terms,
  ROUTES.policies,
  ROUTES.signup,
  ROUTES.basic,
  ROUTES.login,
  ROUTES.forgetPassword,
  ROUTES.platformIntegration,
  ROUTES.dashboard,
  ROUTES.profile,
  ROUTES.confirmEmail,
];

// SPEC section 2: the shared footer is hidden on these routes.
export const FOOTER_HIDDEN_ROUTES: readonly string[] = [
  ROUTES.signup,
  ROUTES.basic,
  ROUTES.login,
  ROUTES.forgetPassword,
  ROUTES.platformIntegration,
  ROUTES.dashboard,
  ROUTES.profile,
];

export function isRenderedPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return RENDERED_PAGES.includes(path);
}
