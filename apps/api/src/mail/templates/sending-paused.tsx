/** @jsxRuntime automatic */
import { Text } from '@react-email/text';
import { ActionButton, Layout, paragraph, small } from './layout';

export const sendingPausedSubject = 'Your sending is paused: what to do next';

// A guardrail paused the account (issue 32): too many dead addresses or spam reports, which
// would hurt every sender on the platform. The email says why, in the rule's own words, and what
// to do before resuming.
export function SendingPausedEmail({ firstName, reason, nextSteps, link }: { firstName: string; reason: string; nextSteps: string; link: string }) {
  return (
    <Layout preview={reason} heading="Your sending is paused">
      <Text style={paragraph}>Hi {firstName || 'there'},</Text>
      <Text style={paragraph}>{reason}</Text>
      <Text style={paragraph}>{nextSteps}</Text>
      <ActionButton href={link} label="Open Deliverability" />
      <Text style={small}>Campaigns and automation emails wait while sending is paused; nothing is lost, and nothing goes out until you resume.</Text>
    </Layout>
  );
}
