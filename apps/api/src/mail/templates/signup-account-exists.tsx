/** @jsxRuntime automatic */
import { Text } from '@react-email/text';
import { ActionButton, Layout, paragraph, small } from './layout';

export const signupAccountExistsSubject = 'You already have a Postlark account';

export function SignupAccountExistsEmail({ signInUrl }: { signInUrl: string }) {
  return (
    <Layout preview="Someone tried to sign up with this email, which already has an account." heading="You already have an account">
      <Text style={paragraph}>
        Someone, probably you, asked to sign up for Postlark with this email address. It already has an account, so
        there is nothing to create: sign in instead.
      </Text>
      <ActionButton href={signInUrl} label="Sign in to Postlark" />
      <Text style={small}>
        Forgot your password? Use &quot;Forget Password&quot; on the sign-in page to reset it.
      </Text>
      <Text style={small}>If it wasn&apos;t you, you can ignore this email: your account has not changed.</Text>
    </Layout>
  );
}
