import { TermsPage } from '../../features/legal/components/terms-page';

// A default export, as React.lazy needs.
export default function TermsRoute() {
  return <TermsPage />;
}
