/** @jsxRuntime automatic */
import { Text } from '@react-email/text';
import { ActionButton, Layout, paragraph, small } from './layout';

export const emailChangeNoticeSubject = 'A new email address was requested for your Postlark account';

// Sent to the old address. Its one link cancels the change (and signs every device out); nothing
// in it can confirm the change.
export function EmailChangeNoticeEmail({ firstName, newEmail, cancelLink }: { firstName: string; newEmail: string; cancelLink: string }) {
  return (
    <Layout preview="Your Postlark account's email address is about to change." heading="Your email address is about to change">
      <Text style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hi,'}</Text>
      <Text style={paragraph}>
        A change of your account&apos;s email address to {newEmail} was requested. It takes effect once the link we sent
        to that address is opened.
      </Text>
      <Text style={paragraph}>If it wasn&apos;t you, cancel the change now, then reset your password:</Text>
      <ActionButton href={cancelLink} label="This wasn't me: cancel the change" />
      <Text style={small}>The link works once, for 24 hours.</Text>
    </Layout>
  );
}
