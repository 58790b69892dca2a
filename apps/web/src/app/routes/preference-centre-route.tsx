import { useParams } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { PreferenceCentre } from '../../features/preference-centre/components/preference-centre';
import '../../components/ui/notice.css';
import './preference-centre-route.css';

/** /u/{token}: the preference centre every campaign links to; the token in the path is the proof. */
export default function PreferenceCentreRoute() {
  const { token = '' } = useParams();
  return (
    <main id="main" className="preference-page">
      {/* The token is in this page's address: no referrer may carry it elsewhere. */}
      <meta name="referrer" content="no-referrer" />
      <div className="preference-page__brand">
        <Logo />
      </div>
      <PreferenceCentre token={token} />
      <p className="preference-page__note">Changes apply at once. You can come back to this page from any of our emails.</p>
    </main>
  );
}
