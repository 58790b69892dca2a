import { InlineWaitlistForm } from '../../features/waitlist/components/inline-waitlist-form';

export function LandingRoute() {
  return <InlineWaitlistForm label="Email address" />;
}
