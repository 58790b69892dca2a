import { PoliciesPage } from '../../features/legal/components/policies-page';

// A default export, as React.lazy needs.
export default function PoliciesRoute() {
  return <PoliciesPage />;
}
