import { useParams } from 'react-router';
import { SubscriberPage } from '../../components/layout/subscriber-page';
import { PreferenceCentre } from '../../features/preference-centre/components/preference-centre';

/** /u/{token}: the preference centre every campaign links to; the token in the path is the proof. */
export default function PreferenceCentreRoute() {
  const { token = '' } = useParams();
  return (
    <SubscriberPage privateLink note="Changes apply at once. You can come back to this page from any of our emails.">
      <PreferenceCentre token={token} />
    </SubscriberPage>
  );
}
