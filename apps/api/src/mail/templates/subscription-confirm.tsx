/** @jsxRuntime automatic */
import { Text } from '@react-email/text';
import { ActionButton, ReaderLayout, paragraph, small } from './layout';

export const subscriptionConfirmSubject = (listName: string) => `Confirm your subscription to ${listName}`;

// Double opt-in: nothing from this list reaches the address until the link is clicked. It goes in
// the customer's name (From the list's sender): the reader signed up to their list.
export function SubscriptionConfirmEmail({ link, listName, sender }: { link: string; listName: string; sender: string }) {
  return (
    <ReaderLayout
      preview={`One click to confirm your subscription to ${listName}.`}
      sender={sender}
      heading="Confirm your subscription"
      why={`You are getting this email because this address was entered to sign up to ${listName} from ${sender}. It is the only one you will get unless you confirm.`}
    >
      <Text style={paragraph}>
        Someone, hopefully you, asked to receive {listName} from {sender} at this address.
      </Text>
      <ActionButton href={link} label="Yes, subscribe me" />
      <Text style={small}>Until you confirm, you will receive nothing from this list.</Text>
      <Text style={small}>If you didn&apos;t ask for this, ignore this email and you will not hear from us again.</Text>
    </ReaderLayout>
  );
}
