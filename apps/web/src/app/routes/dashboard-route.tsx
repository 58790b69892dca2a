import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SessionPayload } from '@postlark/shared/account';
import { ROUTES } from '@postlark/shared/routes';
import { Button } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { showToast } from '../../components/ui/toasts';
import { resetEmailState } from '../../features/email/email-slice';
import { deleteSession, getSession } from '../../features/login/login-api';
import { fetchProfile, resetLoginState, sessionRestored } from '../../features/login/login-slice';
import { resetSignupState } from '../../features/signup/signup-slice';
import { resetUser } from '../../features/user/user-slice';
import { useAppDispatch, useAppSelector } from '../store-hooks';
import './dashboard-route.css';

type SessionView = { state: 'loading' } | { state: 'ready'; session: SessionPayload } | { state: 'failed' };

/** A placeholder for the customer area (its own issue): who is signed in, and Log out. */
export default function DashboardRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const customerId = useAppSelector((state) => state.login.customerId);
  const [view, setView] = useState<SessionView>({ state: 'loading' });
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    let current = true;
    getSession().then(
      (answer) => {
        if (!current) return;
        if (answer.status === 401) {
          navigate(ROUTES.login, { replace: true });
          return;
        }
        const session = answer.ok ? answer.body?.payload : undefined;
        if (!session) {
          setView({ state: 'failed' });
          return;
        }
        setView({ state: 'ready', session });
        dispatch(sessionRestored({ customerId: session.customer_id }));
      },
      () => current && setView({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [dispatch, navigate]);

  // SPEC section 4: with a customer id in the login state, the dashboard asks for the profile.
  useEffect(() => {
    if (customerId) void dispatch(fetchProfile(customerId));
  }, [customerId, dispatch]);

  async function logOut() {
    setSigningOut(true);
    try {
      const answer = await deleteSession();
      // 401: the session had already ended, which is what Log out wants.
      if (!answer.ok && answer.status !== 401) throw new Error(`sign-out answered ${answer.status}`);
    } catch {
      setSigningOut(false);
      void showToast('error', 'Could not sign out. Please try again.');
      return;
    }
    dispatch(resetLoginState());
    dispatch(resetUser());
    dispatch(resetSignupState());
    dispatch(resetEmailState());
    navigate(ROUTES.login, { replace: true });
  }

  return (
    <div className="dashboard-placeholder">
      <header className="dashboard-placeholder__bar">
        <Logo />
        <Button variant="secondary" onClick={() => void logOut()} disabled={signingOut || view.state === 'loading'}>
          {signingOut ? 'Logging out...' : 'Log out'}
        </Button>
      </header>
      <main id="main" tabIndex={-1} className="dashboard-placeholder__main" aria-busy={view.state === 'loading'}>
        {view.state === 'ready' && (
          <>
            <h1>Welcome, {view.session.first_name || view.session.email}</h1>
            <p>Your dashboard is on its way: campaigns, audiences and reports will live here.</p>
          </>
        )}
        {view.state === 'failed' && (
          <p className="dashboard-placeholder__error" role="alert">
            We could not load your account. Please reload the page.
          </p>
        )}
      </main>
    </div>
  );
}
