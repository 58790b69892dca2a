import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { ROUTES } from '@postlark/shared/routes';
import { fetchProfile } from '../../features/login/login-slice';
import { useAppDispatch, useAppSelector } from '../store-hooks';
import { AuthShell } from '../../components/layout/auth-shell';
import { PLATFORMS, PlatformMark } from '../../components/ui/platform-mark';
import './platform-integration-route.css';

// SPEC section 2's welcome greeted a fixed sample person; it greets the signed-in customer by their
// own first name (issue 38), and no one by name while the profile is still on its way or has none.
function welcome(firstName: string | undefined): string {
  const name = firstName?.trim();
  return name ? `Welcome, ${name}!` : 'Welcome!';
}

/** /platform-integration: a welcome and a sign-up button per email platform, each opening its Connect form in the profile's Integrations tab. */
export default function PlatformIntegrationRoute() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const customerId = useAppSelector((state) => state.login.customerId);
  const profile = useAppSelector((state) => state.login.profile);

  // Straight after signing in, or after a reload, the profile has not been read yet.
  useEffect(() => {
    if (customerId && !profile) void dispatch(fetchProfile(customerId));
  }, [customerId, profile, dispatch]);

  return (
    <AuthShell
      headline="Bring your list. Postlark brings the smarts."
      pitch="Connect the platform you already send from, and let AI handle send times, testing and personalisation."
      title={welcome(profile?.additional_info.first_name)}
      intro={<p>Choose the email platform you use. You can connect the others later from your profile.</p>}
    >
      <ul className="platform-choice">
        {PLATFORMS.map((platform) => (
          <li key={platform.id}>
            <button type="button" className="platform-choice__button" onClick={() => void navigate(`${ROUTES.profile}?tab=integrations&connect=${platform.id}`)}>
              <PlatformMark platform={platform.id} size="lg" />
              <span className="platform-choice__text">
                Sign up with {platform.name}
              </span>
              <svg className="platform-choice__arrow" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                <path d="M5 12h14M13 6l6 6-6 6" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <p className="auth-switch">
        <Link to={ROUTES.dashboard}>Go to your dashboard</Link>
      </p>
    </AuthShell>
  );
}
