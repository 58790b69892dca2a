/** @jsxRuntime automatic */
import { Text } from '@react-email/text';
import { ActionButton, Layout, paragraph, small } from './layout';

export const emailChangeConfirmSubject = 'Confirm your new Postlark email address';

export function EmailChangeConfirmEmail({ link }: { link: string }) {
  return (
    <Layout preview="Confirm this address for your Postlark account." heading="Confirm your new email address">
      <Text style={paragraph}>Someone signed in to a Postlark account asked to use this address for it.</Text>
      <ActionButton href={link} label="Use this address" />
      <Text style={small}>This link is valid for 24 hours and works once. Until it is opened, nothing changes.</Text>
      <Text style={small}>If you didn&apos;t ask for this, ignore this email.</Text>
    </Layout>
  );
}
