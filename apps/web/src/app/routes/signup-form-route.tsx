import { useLocation, useParams } from 'react-router';
import { SubscriberPage } from '../../components/layout/subscriber-page';
import { HostedForm } from '../../features/signup-form/components/hosted-form';

/** /f/{formId}: a sign-up form's hosted page; snippets on other sites post here and land back with the outcome. */
export default function SignupFormRoute() {
  const { formId = '' } = useParams();
  const query = new URLSearchParams(useLocation().search);
  return (
    <SubscriberPage note="We only use your address to send what you signed up for. Every email has a link to unsubscribe.">
      <HostedForm formId={formId} signedUp={query.get('signed_up') === '1'} embedError={query.get('error')} />
    </SubscriberPage>
  );
}
