/** @jsxRuntime automatic */
import { DATA_EXPORT_RULES, formatExportTime } from '@postlark/shared/data-export';
import { Text } from '@react-email/text';
import { ActionButton, Layout, paragraph, small } from './layout';

export const dataExportReadySubject = 'Your Postlark data export is ready';

// The link needs the customer's own session: forwarded, it downloads nothing.
export function DataExportReadyEmail({ firstName, link, expiresAt }: { firstName: string; link: string; expiresAt: Date }) {
  return (
    <Layout preview="Your data export is ready to download." heading="Your data export is ready">
      <Text style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hi,'}</Text>
      <Text style={paragraph}>The data you asked for is bundled as CSV files in one Zip file.</Text>
      <ActionButton href={link} label="Download your export" />
      <Text style={small}>
        The link works for {DATA_EXPORT_RULES.linkHours} hours, until {formatExportTime(expiresAt)}, and only when you are signed in to your
        Postlark account.
      </Text>
      <Text style={small}>If you didn&apos;t ask for an export, change your password from your profile.</Text>
    </Layout>
  );
}
