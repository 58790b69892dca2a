/** @jsxRuntime automatic */
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { BRAND, Layout, paragraph, small } from './layout';

export const apiKeyCreatedSubject = 'A new API key was made for your Postlark account';

// Names the key by its name and shown prefix only: never the key itself.
export function ApiKeyCreatedEmail({
  firstName,
  keyName,
  prefix,
  profileUrl,
  signInUrl,
}: {
  firstName: string;
  keyName: string;
  prefix: string;
  profileUrl: string;
  signInUrl: string;
}) {
  return (
    <Layout preview="A new API key can now reach your Postlark audience." heading="A new API key was made">
      <Text style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hi,'}</Text>
      <Text style={paragraph}>
        An API key named &quot;{keyName}&quot; ({prefix}…) was just made for your account. Apps using it can read and change
        your subscribers and lists.
      </Text>
      <Text style={small}>
        If it wasn&apos;t you, revoke it under Integrations at{' '}
        <Link href={profileUrl} style={{ color: BRAND.indigo }}>
          {profileUrl}
        </Link>{' '}
        and reset your password at{' '}
        <Link href={signInUrl} style={{ color: BRAND.indigo }}>
          {signInUrl}
        </Link>
        .
      </Text>
    </Layout>
  );
}
