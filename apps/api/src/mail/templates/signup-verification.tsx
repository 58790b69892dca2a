/** @jsxRuntime automatic */
import { Text } from '@react-email/text';
import { ActionButton, Layout, paragraph, small } from './layout';

export const signupVerificationSubject = 'Verify your email to finish signing up for Postlark';

export function SignupVerificationEmail({ link }: { link: string }) {
  return (
    <Layout preview="Confirm your email address to create your Postlark account." heading="Verify your email">
      <Text style={paragraph}>
        Thanks for signing up for Postlark. Confirm this is your email address to choose a password and create your
        account.
      </Text>
      <ActionButton href={link} label="Verify my email" />
      <Text style={small}>This link is valid for 24 hours and works once.</Text>
      <Text style={small}>If you did not ask to sign up, you can ignore this email: no account is created.</Text>
    </Layout>
  );
}
