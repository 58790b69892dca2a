import { Outlet } from 'react-router';
import { LANDING_TOAST_MS } from '@postlark/shared/site';
import { SiteHeader } from '../components/layout/site-header';
import { Toasts } from '../components/ui/toasts';
import { useWaitlistModal } from '../features/waitlist/waitlist-modal-context';

/**
 * The landing and legal pages: the header with the logo and the Join Waitlist button above the
 * page, and the public site's toasts (5000 ms, light, SPEC section 9) for the waitlist forms.
 */
export function PublicLayout() {
  const { openModal } = useWaitlistModal();
  return (
    <>
      <SiteHeader onJoinWaitlist={() => openModal('Waitlist')} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Toasts autoCloseMs={LANDING_TOAST_MS} />
    </>
  );
}
