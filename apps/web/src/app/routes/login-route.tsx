import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { accountEmailSchema, loginSchema } from '@postlark/shared/account';
import { ACCOUNT_MESSAGES } from '@postlark/shared/account-messages';
import { ROUTES } from '@postlark/shared/routes';
import { fieldErrors, firstErrorMessage } from '@postlark/shared/validation';
import { AuthShell } from '../../components/layout/auth-shell';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/password-field';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../../components/ui/toasts';
import { sendVerificationEmail } from '../../features/email/email-slice';
import { clearLoginError, login } from '../../features/login/login-slice';
import { safeNextPath } from '../../lib/safe-next-path';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
import { preloadDashboard } from '../dashboard-chunk';
import { useAppDispatch, useAppSelector } from '../store-hooks';
import { useHeldUntilHydrated } from '../../lib/use-hydrated';

/** SPEC sections 2 and 4, sign-in: email and password, Forget Password, and /dashboard (or ?next=) on success. */
export default function LoginRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // A signed-out visit to a signed-in page came here with ?next=; sign-in returns there.
  // (useLocation, not useSearchParams: React Router's module sits in the landing page's bundle.)
  const next = safeNextPath(new URLSearchParams(useLocation().search).get('next'));
  const { loading, error } = useAppSelector((state) => state.login);
  const sendingReset = useAppSelector((state) => state.email.loading);
  const resetHold = useHeldUntilHydrated(sendingReset);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  // /login arrives prerendered: what a quick customer typed before its code ran is what signs in.
  useTypedBeforeHydration(emailRef, setEmail);
  useTypedBeforeHydration(passwordRef, setPassword);

  // The store outlives the page: an error from an earlier visit is not this visit's.
  useEffect(() => {
    dispatch(clearLoginError());
  }, [dispatch]);

  // SPEC section 4: any edit of either field clears the error under the form.
  function edited(field: 'email' | 'password') {
    if (error) dispatch(clearLoginError());
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const parsed = loginSchema.safeParse({ customer_details: { email, password, login_mode: 'manual' } });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors({ email: found['customer_details.email'], password: found['customer_details.password'] });
      return;
    }
    setErrors({});
    // The dashboard's chunk downloads while the password is checked, so it opens without a wait.
    preloadDashboard();
    const { email: validEmail, password: validPassword } = parsed.data.customer_details;
    const result = await dispatch(login({ email: validEmail, password: validPassword }));
    if (login.fulfilled.match(result)) navigate(next && next !== ROUTES.login ? next : ROUTES.dashboard, { replace: next !== null });
  }

  async function onForgetPassword() {
    if (email.trim() === '') {
      setErrors({ email: ACCOUNT_MESSAGES.enterEmailFirst });
      emailRef.current?.focus();
      return;
    }
    const parsed = accountEmailSchema.safeParse(email);
    if (!parsed.success) {
      setErrors({ email: firstErrorMessage(parsed.error) });
      emailRef.current?.focus();
      return;
    }
    setErrors({});
    try {
      await dispatch(sendVerificationEmail({ email: parsed.data, page: 'forget-password' })).unwrap();
      void showToast('success', ACCOUNT_MESSAGES.resetEmailSent);
    } catch (message) {
      void showToast('error', typeof message === 'string' ? message : ACCOUNT_MESSAGES.resetEmailFailed);
    }
  }

  return (
    <AuthShell
      headline="Welcome back. Your readers are waiting."
      pitch="See what landed, what got opened and what to send next, all in one place."
      title="Sign in"
      intro={<p>Use the email and password you signed up with.</p>}
    >
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-describedby={error ? errorId : undefined}>
        <TextField
          ref={emailRef}
          label="Email"
          type="email"
          autoComplete="username"
          placeholder="you@example.com"
          value={email}
          error={errors.email}
          onChange={(event) => {
            setEmail(event.target.value);
            edited('email');
          }}
        />
        <PasswordField
          ref={passwordRef}
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            edited('password');
          }}
        />
        <div className="auth-form__row">
          <button type="button" className="link-button" {...resetHold} onClick={() => void onForgetPassword()}>
            {sendingReset ? 'Sending...' : 'Forget Password'}
          </button>
        </div>
        <Button type="submit" block disabled={loading}>
          {loading ? ACCOUNT_MESSAGES.signingIn : 'Sign in'}
        </Button>
        <p id={errorId} className="notice notice--error" role="alert">
          {error ?? ''}
        </p>
      </form>
      <p className="auth-switch">
        New to Postlark? <Link to={ROUTES.signup}>Create an account</Link>
      </p>
    </AuthShell>
  );
}
