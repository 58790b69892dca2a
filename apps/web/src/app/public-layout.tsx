import { Outlet } from 'react-router';
import { SiteHeader } from '../components/layout/site-header';
import { useWaitlistModal } from '../features/waitlist/waitlist-modal-context';

/** The landing and legal pages: the header with the logo and the Join Waitlist button above the page. */
export function PublicLayout() {
  const { openModal } = useWaitlistModal();
  return (
    <>
      <SiteHeader onJoinWaitlist={() => openModal('Waitlist')} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
