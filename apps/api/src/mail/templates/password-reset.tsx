/** @jsxRuntime automatic */
import { Text } from '@react-email/text';
import { ActionButton, Layout, paragraph, small } from './layout';

export const passwordResetSubject = 'Reset your Postlark password';

export function PasswordResetEmail({ link }: { link: string }) {
  return (
    <Layout preview="Choose a new password for your Postlark account." heading="Reset your password">
      <Text style={paragraph}>We received a request to reset the password of your Postlark account.</Text>
      <ActionButton href={link} label="Choose a new password" />
      <Text style={small}>This link is valid for 60 minutes and works once.</Text>
      <Text style={small}>
        If you didn&apos;t ask to reset your password, ignore this email: your password stays as it is.
      </Text>
    </Layout>
  );
}
