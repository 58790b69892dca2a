import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_TIMINGS, accountEmailSchema, newPasswordSchema } from '@postlark/shared/account';
import { ACCOUNT_MESSAGES } from '@postlark/shared/account-messages';
import { ROUTES } from '@postlark/shared/routes';
import { firstErrorMessage } from '@postlark/shared/validation';
import { AuthShell } from '../../components/layout/auth-shell';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/password-field';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../../components/ui/toasts';
import { resetEmailState, sendVerificationEmail, verifyEmailToken } from '../../features/email/email-slice';
import { GoogleSignInButton } from '../../features/google-sign-in/google-sign-in-button';
import { resumableSignupEmail } from '../../features/signup/signup-api';
import { SIGNUP_TEXTS } from '../../features/signup/signup-content';
import { readSignupDraft, sameAddress, saveSignupDraft } from '../../features/signup/signup-draft';
import { setUser } from '../../features/user/user-slice';
import { useAppDispatch, useAppSelector } from '../store-hooks';
import { useTokenLink } from '../use-token-link';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
import { PasswordHint } from '../../components/ui/password-hint';

/**
 * SPEC sections 2 and 4, sign-up: step 1 mails a verification link; the link comes back here with
 * token and email, and once they verify, step 2 sets the password and goes on to /basic. Within
 * the sign-up ticket's life a reload, or the same link opened again, resumes step 2 (issue 38).
 */
export default function SignupRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const link = useTokenLink();
  const sending = useAppSelector((state) => state.email.loading);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [verifying, setVerifying] = useState(Boolean(link?.token && link.email));
  const [verifiedEmail, setVerifiedEmail] = useState<string | null>(null);
  const [showVerified, setShowVerified] = useState(false);
  const [sentTo, setSentTo] = useState('');
  // The link was spent or expired and this browser has no sign-up under way for its address.
  const [usedLinkFor, setUsedLinkFor] = useState<string | null>(null);
  const checkedToken = useRef<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  // /signup arrives prerendered: an address typed before its code ran is the one verified.
  useTypedBeforeHydration(emailRef, setEmail);

  /** Step 2 again for an address this browser already verified; the password typed before, if this tab kept it. */
  function resumeStep2(verified: string) {
    setEmail(verified);
    setVerifiedEmail(verified);
    const draft = readSignupDraft();
    if (draft && sameAddress(draft.email, verified)) setPassword(draft.password);
  }

  // A link verifies once, even when React runs this effect twice in development.
  useEffect(() => {
    if (!link || checkedToken.current === link.token) return;
    checkedToken.current = link.token;
    const onInvalid = () => void showToast('error', ACCOUNT_MESSAGES.invalidLink);
    if (!link.token || !link.email) {
      onInvalid();
      return;
    }
    dispatch(verifyEmailToken({ email: link.email, token: link.token }))
      .unwrap()
      .then(
        () => {
          setEmail(link.email);
          setVerifiedEmail(link.email);
          setShowVerified(true);
        },
        async () => {
          // Opened again (a reload, the mail's link a second time): this browser's sign-up goes on.
          const resumable = await resumableSignupEmail();
          if (resumable && sameAddress(resumable, link.email)) return resumeStep2(link.email);
          onInvalid();
          // What to do next, with the address filled in for a new link.
          setEmail(link.email);
          setUsedLinkFor(link.email);
        },
      )
      .finally(() => setVerifying(false));
  }, [link, dispatch]);

  // A reload of /signup after verifying (the link is no longer in the address): step 2 again.
  useEffect(() => {
    if (link) return;
    let current = true;
    void resumableSignupEmail().then((resumable) => {
      if (current && resumable) resumeStep2(resumable);
    });
    return () => {
      current = false;
    };
  }, [link]);

  useEffect(() => {
    if (!showVerified) return;
    passwordRef.current?.focus();
    const timer = window.setTimeout(() => setShowVerified(false), ACCOUNT_TIMINGS.verifiedMessageMs);
    return () => window.clearTimeout(timer);
  }, [showVerified]);

  async function sendLink() {
    const parsed = accountEmailSchema.safeParse(email);
    if (!parsed.success) {
      setErrors({ email: firstErrorMessage(parsed.error) });
      return;
    }
    setErrors({});
    try {
      await dispatch(sendVerificationEmail({ email: parsed.data, page: 'sign-up' })).unwrap();
      void showToast('success', ACCOUNT_MESSAGES.emailSent);
      setSentTo(parsed.data);
      setUsedLinkFor(null);
      setEmail('');
      window.setTimeout(() => dispatch(resetEmailState()), ACCOUNT_TIMINGS.emailStateResetMs);
    } catch (message) {
      // SPEC section 8: not while a link's token is being checked; that failure has its own text.
      if (!verifying) void showToast('error', typeof message === 'string' ? message : ACCOUNT_MESSAGES.somethingWentWrong);
    }
  }

  function keepPassword(verified: string) {
    const parsed = newPasswordSchema.safeParse(password);
    if (!parsed.success) {
      setErrors({ password: firstErrorMessage(parsed.error) });
      passwordRef.current?.focus();
      return;
    }
    dispatch(setUser({ email: verified, password: parsed.data }));
    saveSignupDraft({ email: verified, password: parsed.data });
    navigate(ROUTES.basic);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || verifying) return;
    if (verifiedEmail) keepPassword(verifiedEmail);
    else void sendLink();
  }

  const step2 = verifiedEmail !== null;
  const buttonText = step2
    ? ACCOUNT_MESSAGES.signUpButton
    : verifying
      ? 'Checking your link...'
      : sending
        ? 'Sending...'
        : 'Send verification email';

  return (
    <AuthShell
      headline="Write once. Land in every inbox at the right moment."
      pitch="Postlark's AI picks each reader's send time, tests your subject lines and learns what gets opened."
      title="Create your account"
      intro={
        <p>
          {step2
            ? 'Your email is verified. Choose a password to continue.'
            : 'Start with your email: we send you a link to verify it, then you choose a password.'}
        </p>
      }
    >
      {link && <meta name="referrer" content="no-referrer" />}
      {usedLinkFor && !step2 && (
        <div className="notice notice--info" role="alert">
          <strong>{SIGNUP_TEXTS.usedLinkTitle}</strong> {SIGNUP_TEXTS.usedLinkNext(usedLinkFor)} <Link to={ROUTES.login}>{SIGNUP_TEXTS.usedLinkSignIn}</Link>
        </div>
      )}
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={verifying || sending}>
        <p className="notice notice--success" role="status">
          {showVerified ? ACCOUNT_MESSAGES.emailVerified : ''}
        </p>
        <TextField
          ref={emailRef}
          label="Email"
          type="email"
          // Once verified, the email is the account's name for password managers.
          autoComplete={step2 ? 'username' : 'email'}
          placeholder="you@example.com"
          value={email}
          readOnly={step2}
          error={errors.email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (errors.email) setErrors({});
          }}
        />
        <PasswordField
          ref={passwordRef}
          label="Password"
          autoComplete="new-password"
          placeholder={step2 ? 'Create a password' : 'Verify your email first'}
          disabled={!step2}
          value={password}
          error={errors.password}
          hint={<PasswordHint password={password} />}
          onChange={(event) => {
            setPassword(event.target.value);
            if (errors.password) setErrors({});
          }}
        />
        <p className="notice notice--info" role="status">
          {sentTo && !step2 ? `We sent a link to ${sentTo}. Open it to verify your email and set your password.` : ''}
        </p>
        <Button type="submit" block disabled={sending || verifying}>
          {buttonText}
        </Button>
      </form>
      <div className="auth-divider">or</div>
      <GoogleSignInButton />
      <p className="auth-switch">
        Already have an account? <Link to={ROUTES.login}>Sign in</Link>
      </p>
    </AuthShell>
  );
}
