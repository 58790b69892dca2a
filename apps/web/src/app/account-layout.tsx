import type { ComponentType } from 'react';
import { Provider } from 'react-redux';
import { Outlet } from 'react-router';
import { ACCOUNT_TIMINGS } from '@postlark/shared/account';
import { Toasts } from '../components/ui/toasts';
import BasicRoute from './routes/basic-route';
import CancelEmailChangeRoute from './routes/cancel-email-change-route';
import ConfirmEmailRoute from './routes/confirm-email-route';
import { RequireSession } from './require-session';
import ForgetPasswordRoute from './routes/forget-password-route';
import LoginRoute from './routes/login-route';
import SignupRoute from './routes/signup-route';
import { store } from './store';

// The account screens travel with this layout in one lazily loaded chunk, and the public site's
// first bundle carries none of them nor Redux (docs/decisions/001-public-site-bundle.md). The
// signed-in screens are a chunk of their own (dashboard-screens.tsx), so /login and /signup, the
// front doors, download none of the dashboard's code and styles. The screens are not a chunk
// each: lazy pages sharing react-redux with a lazy layout made Rolldown move React itself out of
// the entry into an extra chunk (rolldown/rolldown#10731).
const SCREENS = {
  signup: SignupRoute,
  basic: BasicRoute,
  login: LoginRoute,
  forgetPassword: ForgetPasswordRoute,
  confirmEmail: ConfirmEmailRoute,
  cancelEmailChange: CancelEmailChangeRoute,
  requireSession: RequireSession,
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
