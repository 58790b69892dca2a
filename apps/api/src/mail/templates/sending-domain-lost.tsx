/** @jsxRuntime automatic */
import { Text } from '@react-email/text';
import { ActionButton, Layout, paragraph, small } from './layout';

export const sendingDomainLostSubject = (domain: string) => `${domain} can no longer send your campaigns`;

// The daily re-check found the domain's DKIM record gone: without it inboxes cannot tell the mail
// is the customer's, so nothing is sent From it until the record is back.
export function SendingDomainLostEmail({ firstName, domain, recordName, link }: { firstName: string; domain: string; recordName: string; link: string }) {
  return (
    <Layout preview={`The DKIM record of ${domain} is no longer published.`} heading={`${domain} is no longer authenticated`}>
      <Text style={paragraph}>Hi {firstName || 'there'},</Text>
      <Text style={paragraph}>
        Our daily check no longer finds the DKIM record of {domain} at {recordName}. Campaigns and automation emails from addresses at {domain} are not sent
        until it is published again.
      </Text>
      <ActionButton href={link} label="See the records to publish" />
      <Text style={small}>If you moved the domain to another DNS provider, copy the records shown on the Senders page there, then choose Check now.</Text>
    </Layout>
  );
}
