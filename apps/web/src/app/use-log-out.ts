import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '@postlark/shared/routes';
import { showToast } from '../components/ui/toasts';
import { resetEmailState } from '../features/email/email-slice';
import { endSession, resetLoginState } from '../features/login/login-slice';
import { resetSignupState } from '../features/signup/signup-slice';
import { resetUser } from '../features/user/user-slice';
import { useAppDispatch } from './store-hooks';

/**
 * Log out: ends the server session, goes to /login in place of the current page (so Back does
 * not show the dashboard), and resets the email, signup, login and user slices (SPEC section 4).
 */
export function useLogOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);

  async function logOut() {
    if (loggingOut) return;
    setLoggingOut(true);
    const result = await dispatch(endSession());
    if (endSession.rejected.match(result)) {
      setLoggingOut(false);
      void showToast('error', result.payload ?? result.error.message ?? '');
      return;
    }
    navigate(ROUTES.login, { replace: true });
    dispatch(resetLoginState());
    dispatch(resetUser());
    dispatch(resetSignupState());
    dispatch(resetEmailState());
  }

  return { loggingOut, logOut };
}
