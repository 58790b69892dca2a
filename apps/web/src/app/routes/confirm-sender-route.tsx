import { useLocation } from 'react-router';
import { SubscriberPage } from '../../components/layout/subscriber-page';
import { ConfirmSender } from '../../features/campaigns/components/confirm-sender';

/** /confirm-sender?token=…: the page a sender address's confirmation email opens. */
export default function ConfirmSenderRoute() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  return (
    <SubscriberPage privateLink note="If you don’t know why you got this link, close this page: nothing changes.">
      <ConfirmSender token={token} />
    </SubscriberPage>
  );
}
