import { Link } from 'react-router';
import { ROUTES } from '@postlark/shared/routes';
import { SITE } from '@postlark/shared/site';
import './logo.css';

/** The wordmark, always linking to the landing page (SPEC section 2). */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <Link to={ROUTES.landing} className={`logo logo--${tone}`} aria-label={`${SITE.name} home`}>
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="url(#logo-gradient)" />
        <path d="M8 12l8 6 8-6v9a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2z" fill="#fff" />
        <path d="M8 11a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2l-8 6z" fill="#fff" opacity=".65" />
        <defs>
          <linearGradient id="logo-gradient" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
            <stop stopColor="#4f46e5" />
            <stop offset=".6" stopColor="#7c3aed" />
            <stop offset="1" stopColor="#f97356" />
          </linearGradient>
        </defs>
      </svg>
      <span className="logo__word">{SITE.name}</span>
    </Link>
  );
}
