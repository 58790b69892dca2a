import { FaqPage } from '../../features/legal/components/faq-page';

// A default export, as React.lazy needs.
export default function FaqRoute() {
  return <FaqPage />;
}
