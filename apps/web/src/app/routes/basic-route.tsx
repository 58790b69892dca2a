import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { SignupRequest } from '@postlark/shared/account';
import { ACCOUNT_MESSAGES } from '@postlark/shared/account-messages';
import { ROUTES } from '@postlark/shared/routes';
import { AuthShell } from '../../components/layout/auth-shell';
import { showToast } from '../../components/ui/toasts';
import { PageLoading } from '../../components/ui/page-state';
import { BasicDetailsForm } from '../../features/signup/components/basic-details-form';
import { resumableSignupEmail } from '../../features/signup/signup-api';
import { SIGNUP_TEXTS } from '../../features/signup/signup-content';
import { clearSignupDraft, readSignupDraft, sameAddress } from '../../features/signup/signup-draft';
import { resetSignupState, submitSignup } from '../../features/signup/signup-slice';
import { resetUser, setUser } from '../../features/user/user-slice';
import { useAppDispatch, useAppSelector } from '../store-hooks';

type Arrival = 'ready' | 'resuming' | 'restart';

/**
 * SPEC sections 2 and 4, basic details: the last sign-up step; success goes to /login. A reload
 * keeps the step (issue 38) while the server still holds this browser's sign-up ticket for the
 * address this tab's draft names; without both, the sign-up starts again at /signup.
 */
export default function BasicRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.user);
  const submitting = useAppSelector((state) => state.signup.loading);
  // Judged on arrival: the step needs the first step's password. Clearing it after a successful
  // signup must not send the visitor back to /signup on the way to /login.
  const [arrival, setArrival] = useState<Arrival>(() => (user.password !== '' ? 'ready' : readSignupDraft() ? 'resuming' : 'restart'));

  useEffect(() => {
    if (arrival !== 'resuming') return;
    let current = true;
    void resumableSignupEmail().then((resumable) => {
      if (!current) return;
      const draft = readSignupDraft();
      if (resumable && draft && sameAddress(resumable, draft.email)) {
        dispatch(setUser(draft));
        setArrival('ready');
      } else {
        // The ticket ended (signed up, expired, another address verified since): the draft is of no use.
        clearSignupDraft();
        setArrival('restart');
      }
    });
    return () => {
      current = false;
    };
  }, [arrival, dispatch]);

  if (arrival === 'restart') return <Navigate to={ROUTES.signup} replace />;

  async function onSubmit(request: SignupRequest) {
    try {
      await dispatch(submitSignup(request)).unwrap();
      void showToast('success', ACCOUNT_MESSAGES.signupSuccess);
      dispatch(resetSignupState());
      navigate(ROUTES.login);
      // The password has done its job; it does not stay in memory, nor in this tab's draft.
      dispatch(resetUser());
      clearSignupDraft();
    } catch (message) {
      void showToast('error', typeof message === 'string' ? message : ACCOUNT_MESSAGES.signupFailed);
      dispatch(resetSignupState());
    }
  }

  return (
    <AuthShell
      headline="Tell us a little about you."
      pitch="A few details help Postlark tailor send times and suggestions to you and your readers."
      title="Basic details"
      intro={
        <p>
          Almost done{user.email ? `, ${user.email}` : ''}. Fields marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">with a star</span> are required.
        </p>
      }
      wide
    >
      {arrival === 'resuming' ? (
        <PageLoading text={SIGNUP_TEXTS.resuming} />
      ) : (
        <BasicDetailsForm email={user.email} password={user.password} submitting={submitting} onSubmit={(request) => void onSubmit(request)} />
      )}
    </AuthShell>
  );
}
