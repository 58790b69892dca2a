import { CampaignTicker } from '../../features/landing/components/campaign-ticker';
import { HeroSection } from '../../features/landing/components/hero-section';
import { HowItWorks } from '../../features/landing/components/how-it-works';
import { IntegrationsRow } from '../../features/landing/components/integrations-row';
import { PricingSection } from '../../features/landing/components/pricing-section';
import { ProductOverview } from '../../features/landing/components/product-overview';
import { SubscribeSection } from '../../features/landing/components/subscribe-section';
import { Testimonials } from '../../features/landing/components/testimonials';
import { UniqueFeatures } from '../../features/landing/components/unique-features';
import { InlineWaitlistForm } from '../../features/waitlist/components/inline-waitlist-form';
import { useWaitlistModal } from '../../features/waitlist/waitlist-modal-context';

/** SPEC section 2: the landing page's nine sections, in order. */
export function LandingRoute() {
  const { openModal } = useWaitlistModal();
  return (
    <>
      <HeroSection waitlistForm={<InlineWaitlistForm label="Email address for the waitlist" />} />
      <IntegrationsRow />
      <ProductOverview />
      <CampaignTicker />
      <HowItWorks />
      <UniqueFeatures />
      <Testimonials />
      <PricingSection onChooseAvailable={() => openModal('Waitlist')} />
      <SubscribeSection
        waitlistForm={<InlineWaitlistForm label="Email address to subscribe" tone="dark" />}
      />
    </>
  );
}
