import { Link } from 'react-router';
import { ROUTES } from '@postlark/shared/routes';
import { Button } from '../ui/button';
import { Logo } from '../ui/logo';
import './site-header.css';

const SECTION_LINKS = [
  { label: 'Features', hash: '#features' },
  { label: 'How it works', hash: '#how-it-works' },
  { label: 'Pricing', hash: '#pricing' },
  { label: 'FAQ', to: ROUTES.faq },
] as const;

/** The public site's header: logo home, section links and the Join Waitlist button (SPEC section 2). */
export function SiteHeader({ onJoinWaitlist }: { onJoinWaitlist: () => void }) {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo />
        <nav className="site-header__nav" aria-label="Main">
          {SECTION_LINKS.map((link) => (
            <Link key={link.label} to={'to' in link ? link.to : `${ROUTES.landing}${link.hash}`}>
              {link.label}
            </Link>
          ))}
        </nav>
        <Button onClick={onJoinWaitlist}>Join Waitlist</Button>
      </div>
    </header>
  );
}
