/** @jsxRuntime automatic */
import { Text } from '@react-email/text';
import { ActionButton, Layout, paragraph, small } from './layout';

export const senderConfirmSubject = 'Confirm this address as a Postlark sender';

// Only the asking account's address (confirmed when the account was) is shown, never text the
// customer wrote: this mail goes to an address nobody has vouched for yet.
export function SenderConfirmEmail({ link, account }: { link: string; account: string }) {
  return (
    <Layout preview="Confirm that campaigns may be sent from this address." heading="Confirm this sender address">
      <Text style={paragraph}>
        The Postlark account {account} asked to send email campaigns from this address, and to send its test messages to it.
      </Text>
      <ActionButton href={link} label="Confirm this address" />
      <Text style={small}>The link is valid for 72 hours and works once. Until it is used, nothing is sent from or to this address.</Text>
      <Text style={small}>If you don&apos;t know this account, ignore this email: the address stays unusable.</Text>
    </Layout>
  );
}
