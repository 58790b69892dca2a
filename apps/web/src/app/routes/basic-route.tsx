import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { SignupRequest } from '@postlark/shared/account';
import { ACCOUNT_MESSAGES } from '@postlark/shared/account-messages';
import { ROUTES } from '@postlark/shared/routes';
import { AuthShell } from '../../components/layout/auth-shell';
import { showToast } from '../../components/ui/toasts';
import { BasicDetailsForm } from '../../features/signup/components/basic-details-form';
import { resetSignupState, submitSignup } from '../../features/signup/signup-slice';
import { resetUser } from '../../features/user/user-slice';
import { useAppDispatch, useAppSelector } from '../store-hooks';

/** SPEC sections 2 and 4, basic details: the last sign-up step; success goes to /login. */
export default function BasicRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.user);
  const submitting = useAppSelector((state) => state.signup.loading);
  // Judged on arrival: the step needs the first step's password. Clearing it after a successful
  // signup must not send the visitor back to /signup on the way to /login.
  const [arrivedWithPassword] = useState(user.password !== '');

  if (!arrivedWithPassword) return <Navigate to={ROUTES.signup} replace />;

  async function onSubmit(request: SignupRequest) {
    try {
      await dispatch(submitSignup(request)).unwrap();
      void showToast('success', ACCOUNT_MESSAGES.signupSuccess);
      dispatch(resetSignupState());
      navigate(ROUTES.login);
      // The password has done its job; it does not stay in memory.
      dispatch(resetUser());
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
          Almost done, {user.email}. Fields marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">with a star</span> are required.
        </p>
      }
      wide
    >
      <BasicDetailsForm email={user.email} password={user.password} submitting={submitting} onSubmit={(request) => void onSubmit(request)} />
    </AuthShell>
  );
}
