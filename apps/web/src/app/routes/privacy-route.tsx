import { PrivacyPage } from '../../features/legal/components/privacy-page';

// A default export, as React.lazy needs.
export default function PrivacyRoute() {
  return <PrivacyPage />;
}
