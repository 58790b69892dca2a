import { Outlet, useLocation } from 'react-router';
import { hidesFooter } from '@postlark/shared/routes';
import { ScrollToTop } from '../components/layout/scroll-to-top';
import { SiteFooter } from '../components/layout/site-footer';
import { WaitlistModal } from '../features/waitlist/components/waitlist-modal';
import { useWaitlistModal, WaitlistModalProvider } from '../features/waitlist/waitlist-modal-context';
import { useScrollAnimations } from './use-scroll-animations';

/**
 * Every page: the routed screen, the shared footer where the spec shows it and the waitlist modal.
 * Toasts belong to the layouts below, which differ in how long a toast stays (SPEC section 9).
 */
export function RootLayout() {
  useScrollAnimations();
  return (
    <WaitlistModalProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <Outlet />
      <Footer />
      <WaitlistModal />
    </WaitlistModalProvider>
  );
}

function Footer() {
  const { pathname } = useLocation();
  const { openModal } = useWaitlistModal();
  if (hidesFooter(pathname)) return null;
  return <SiteFooter onContact={() => openModal('Contact')} />;
}
