/** @jsxRuntime automatic */
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { BRAND, Layout, paragraph, small } from './layout';

export const emailChangeNoticeSubject = 'A new email address was requested for your Postlark account';

// Sent to the old address: no link that changes anything, only where to go if it wasn't them.
export function EmailChangeNoticeEmail({ firstName, newEmail, signInUrl }: { firstName: string; newEmail: string; signInUrl: string }) {
  return (
    <Layout preview="Your Postlark account's email address is about to change." heading="Your email address is about to change">
      <Text style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hi,'}</Text>
      <Text style={paragraph}>
        A change of your account&apos;s email address to {newEmail} was requested. It takes effect once the link we sent
        to that address is opened.
      </Text>
      <Text style={small}>
        If it wasn&apos;t you, change your password now at{' '}
        <Link href={signInUrl} style={{ color: BRAND.indigo }}>
          {signInUrl}
        </Link>
        .
      </Text>
    </Layout>
  );
}
