import { Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ROUTES } from '@postlark/shared/routes';
import { Button } from '../components/ui/button';
import { restoreSession } from '../features/login/login-slice';
import { loginPathFor } from '../lib/safe-next-path';
import { DashboardScreens, preloadDashboard } from './dashboard-chunk';
import { useAppDispatch, useAppSelector } from './store-hooks';
import './require-session.css';

type Check = { state: 'checking' } | { state: 'signed-out' } | { state: 'failed'; message: string };

/**
 * The signed-in pages (/dashboard, /dashboard/profile, /platform-integration). With no customer in
 * the login state, asks the server whose session the cookie holds: a reload stays signed in, and a
 * signed-out visitor goes to /login, which returns here after signing in. Signed in, it draws the
 * signed-in screens' chunk (dashboard-screens.tsx), which hands the routes below their screens.
 */
export function RequireSession() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const customerId = useAppSelector((state) => state.login.customerId);
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);
  // Who was signed in on this page: when Log out empties the login state, this is no visitor to
  // check but a sign-out on its way to /login.
  const [seen, setSeen] = useState(customerId);
  if (customerId && customerId !== seen) setSeen(customerId);
  const signedOutHere = !customerId && seen !== null;

  // The signed-in screens' chunk downloads while the server is asked whose session this is.
  useEffect(preloadDashboard, []);

  useEffect(() => {
    if (customerId || signedOutHere) return;
    let live = true;
    void dispatch(restoreSession()).then((result) => {
      if (!live || restoreSession.fulfilled.match(result)) return;
      if (result.payload?.status === 401) setCheck({ state: 'signed-out' });
      else setCheck({ state: 'failed', message: result.payload?.message ?? '' });
    });
    return () => {
      live = false;
    };
  }, [customerId, signedOutHere, dispatch, attempt]);

  if (customerId) {
    return (
      <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
        <DashboardScreens />
      </Suspense>
    );
  }
  if (signedOutHere) return <Navigate to={ROUTES.login} replace />;
  if (check.state === 'signed-out') {
    return <Navigate to={loginPathFor(ROUTES.login, `${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return (
    <main id="main" tabIndex={-1} className="session-check" aria-busy={check.state === 'checking'}>
      {check.state === 'checking' ? (
        <span className="session-check__spinner" role="status" aria-label="Checking your sign-in" />
      ) : (
        <div className="session-check__failed">
          <p role="alert">{check.message}</p>
          <Button
            onClick={() => {
              setCheck({ state: 'checking' });
              setAttempt((count) => count + 1);
            }}
          >
            Try again
          </Button>
        </div>
      )}
    </main>
  );
}
