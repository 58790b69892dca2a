/** @jsxRuntime automatic */
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { BRAND, Layout, paragraph, small } from './layout';

export const passwordChangedSubject = 'Your Postlark password was changed';

// No token link here: the notice must be useless to whoever changed the password.
export function PasswordChangedEmail({ firstName, signInUrl }: { firstName: string; signInUrl: string }) {
  return (
    <Layout preview="The password of your Postlark account was just changed." heading="Your password was changed">
      <Text style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hi,'}</Text>
      <Text style={paragraph}>
        The password of your Postlark account was just changed, and every device signed in to it was signed out.
      </Text>
      <Text style={small}>
        If it wasn&apos;t you, reset your password now at{' '}
        <Link href={signInUrl} style={{ color: BRAND.indigo }}>
          {signInUrl}
        </Link>{' '}
        (&quot;Forget Password&quot; on the sign-in page).
      </Text>
    </Layout>
  );
}
