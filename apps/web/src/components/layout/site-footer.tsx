import { Link } from 'react-router';
import { ROUTES } from '@postlark/shared/routes';
import { SITE } from '@postlark/shared/site';
import { Logo } from '../ui/logo';
import { LinkedInIcon, XIcon, YouTubeIcon } from './social-icons';
import './site-footer.css';
import { useHeldUntilHydrated } from '../../lib/use-hydrated';

const SOCIAL_LINKS = [
  { label: 'Postlark on X', href: 'https://x.com/postlarkapp', Icon: XIcon },
  { label: 'Postlark on LinkedIn', href: 'https://www.linkedin.com/company/postlarkapp', Icon: LinkedInIcon },
  { label: 'Postlark on YouTube', href: 'https://www.youtube.com/@postlarkapp', Icon: YouTubeIcon },
] as const;

const LEGAL_LINKS = [
  { label: 'Privacy Policy', to: ROUTES.privacy },
  { label: 'FAQ', to: ROUTES.faq },
  { label: 'Terms of Use', to: ROUTES.term },
  { label: 'Policies', to: ROUTES.policies },
] as const;

/** The shared footer (SPEC section 2): Contact us, three social links, copyright and the legal links. */
export function SiteFooter({ onContact }: { onContact: () => void }) {
  const hold = useHeldUntilHydrated(false);
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Logo tone="light" />
          <p>The AI newsletter platform that sends every email at the moment your readers open it.</p>
          <button type="button" className="site-footer__contact" {...hold} onClick={onContact}>
            Contact us
          </button>
        </div>
        <nav className="site-footer__links" aria-label="Legal">
          {LEGAL_LINKS.map((link) => (
            <Link key={link.to} to={link.to}>
              {link.label}
            </Link>
          ))}
        </nav>
        <ul className="site-footer__social" aria-label="Social media">
          {SOCIAL_LINKS.map(({ label, href, Icon }) => (
            <li key={href}>
              <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
                <Icon />
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div className="container site-footer__bottom">
        <span>
          © {SITE.copyrightYear} {SITE.name}. All rights reserved.
        </span>
      </div>
    </footer>
  );
}
