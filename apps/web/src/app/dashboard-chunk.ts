import { lazyRoute } from './lazy-route';

/**
 * The signed-in screens' chunk (dashboard-screens.tsx). Its loader lives apart so the screens that
 * lead to the dashboard start the download early: the session check (require-session.tsx) while
 * it asks the server, the sign-in screen while the password is checked.
 */
export const DashboardScreens = lazyRoute(() => import('./dashboard-screens'));

/** Starts fetching the signed-in screens; a failed fetch is retried when a route renders them. */
export function preloadDashboard(): void {
  DashboardScreens.preload().catch(() => undefined);
}
