import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ROUTES } from '@postlark/shared/routes';
import { Button, buttonClass } from '../ui/button';
import { Logo } from '../ui/logo';
import './site-header.css';
import { useHeldUntilHydrated } from '../../lib/use-hydrated';

const SECTION_LINKS = [
  { label: 'Features', to: `${ROUTES.landing}#features` },
  { label: 'How it works', to: `${ROUTES.landing}#how-it-works` },
  { label: 'Pricing', to: `${ROUTES.landing}#pricing` },
  { label: 'FAQ', to: ROUTES.faq },
] as const;

/**
 * The public site's header: logo home, section links and the Join Waitlist button (SPEC section 2),
 * with Log in beside it at every width, so a returning customer finds the way in (issue 38).
 */
export function SiteHeader({ onJoinWaitlist }: { onJoinWaitlist: () => void }) {
  const location = useLocation();
  // The phone menu is open for the page it was opened on: following a link closes it.
  const [openOnPage, setOpenOnPage] = useState<string | null>(null);
  const menuOpen = openOnPage === location.key;
  const menuHold = useHeldUntilHydrated(false);

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo />
        <nav id="site-nav" className={`site-header__nav${menuOpen ? ' site-header__nav--open' : ''}`} aria-label="Main">
          {SECTION_LINKS.map((link) => (
            <Link key={link.label} to={link.to}>
              {link.label}
            </Link>
          ))}
        </nav>
        <button
          type="button"
          className="site-header__menu"
          {...menuHold}
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          aria-label="Menu"
          onClick={() => setOpenOnPage(menuOpen ? null : location.key)}
        >
          <span aria-hidden="true" />
        </button>
        <div className="site-header__actions">
          <Link className={`${buttonClass('ghost')} site-header__login`} to={ROUTES.login}>
            Log in
          </Link>
          <Button onClick={onJoinWaitlist}>Join Waitlist</Button>
        </div>
      </div>
    </header>
  );
}
