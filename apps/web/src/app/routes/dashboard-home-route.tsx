import { Link } from 'react-router';
import { ROUTES } from '@postlark/shared/routes';
import { PLATFORMS, PlatformMark } from '../../components/ui/platform-mark';
import { useAppSelector } from '../store-hooks';
import './dashboard-home-route.css';

// The three steps the site promises (SPEC section 1), as the new customer's way in.
const STEPS = [
  { title: 'Sign Up', text: 'Your Postlark account is ready.', done: true },
  { title: 'Customize', text: 'Connect the email platform you send with and complete your profile.', done: false },
  { title: 'Send & Shine', text: 'Let AI pick send times and test subject lines for you.', done: false },
] as const;

/** /dashboard: the shell's home, greeting the customer by first name. */
export default function DashboardHomeRoute() {
  const profile = useAppSelector((state) => state.login.profile);
  const firstName = profile?.additional_info.first_name ?? '';

  return (
    <div className="dashboard-home">
      <section className="dashboard-home__hero" aria-labelledby="dashboard-home-title">
        <div>
          <h1 id="dashboard-home-title" className="dashboard-home__title">
            {firstName ? `Welcome, ${firstName}` : 'Welcome'}
          </h1>
          <p className="dashboard-home__lead">Everything for your next newsletter starts here: connect a platform, then let Postlark do the heavy lifting.</p>
        </div>
        <Link className="btn btn--primary dashboard-home__cta" to={ROUTES.platformIntegration}>
          Connect a platform
        </Link>
      </section>

      <div className="dashboard-home__grid">
        <section className="dash-card" aria-labelledby="dashboard-steps-title">
          <h2 id="dashboard-steps-title" className="dash-card__title">
            Get started in three steps
          </h2>
          <ol className="dashboard-home__steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className={`dashboard-home__step${step.done ? ' dashboard-home__step--done' : ''}`}>
                <span className="dashboard-home__step-mark" aria-hidden="true">
                  {step.done ? '✓' : index + 1}
                </span>
                <span>
                  <strong>{step.title}</strong>
                  {step.done && <span className="visually-hidden"> (done)</span>}
                  <span className="dashboard-home__step-text">{step.text}</span>
                </span>
              </li>
            ))}
          </ol>
        </section>

        <section className="dash-card" aria-labelledby="dashboard-platforms-title">
          <h2 id="dashboard-platforms-title" className="dash-card__title">
            Your email platforms
          </h2>
          <p className="dash-card__text">Postlark works with the platform you already send from.</p>
          <ul className="dashboard-home__platforms">
            {PLATFORMS.map((platform) => (
              <li key={platform.id}>
                <PlatformMark platform={platform.id} />
                <span>{platform.name}</span>
              </li>
            ))}
          </ul>
          <Link className="dash-card__link" to={ROUTES.platformIntegration}>
            Choose a platform
          </Link>
        </section>

        <section className="dash-card" aria-labelledby="dashboard-insights-title">
          <h2 id="dashboard-insights-title" className="dash-card__title">
            Purchase insights
          </h2>
          <p className="dash-card__text">Revenue by month, your RFM groups, who is at risk and what each customer is likely to spend next year, from your orders.</p>
          <Link className="dash-card__link" to={ROUTES.insights}>
            See purchase insights
          </Link>
        </section>

        <section className="dash-card" aria-labelledby="dashboard-profile-title">
          <h2 id="dashboard-profile-title" className="dash-card__title">
            Your account
          </h2>
          <p className="dash-card__text">Keep your contact details, marketing preferences and password up to date.</p>
          <ul className="dashboard-home__links">
            <li>
              <Link to={`${ROUTES.profile}?tab=contact`}>Contact information</Link>
            </li>
            <li>
              <Link to={`${ROUTES.profile}?tab=communication`}>Communication preference</Link>
            </li>
            <li>
              <Link to={ROUTES.profile}>Change password</Link>
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}
