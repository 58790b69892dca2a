import { useLocation } from 'react-router';
import { SubscriberPage } from '../../components/layout/subscriber-page';
import { ConfirmSubscription } from '../../features/signup-form/components/confirm-subscription';

/** /confirm-subscription?token=…: the page the double opt-in email opens. */
export default function ConfirmSubscriptionRoute() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  return (
    <SubscriberPage privateLink>
      <ConfirmSubscription token={token} />
    </SubscriberPage>
  );
}
