import { useParams, useSearchParams } from 'react-router';
import { KEEP_SUBSCRIPTION_PARAM } from '@postlark/shared/preferences';
import { SubscriberPage } from '../../components/layout/subscriber-page';
import { PreferenceCentre } from '../../features/preference-centre/components/preference-centre';

/** /u/{token}: the preference centre every campaign links to; the token in the path is the proof. */
export default function PreferenceCentreRoute() {
  const { token = '' } = useParams();
  // A sunset email's "keep me subscribed" link: the page asks first, so opening the link alone answers nothing.
  const [search] = useSearchParams();
  return (
    <SubscriberPage privateLink note="Changes apply at once. You can come back to this page from any of our emails.">
      <PreferenceCentre token={token} askToKeep={search.get(KEEP_SUBSCRIPTION_PARAM) === '1'} />
    </SubscriberPage>
  );
}
