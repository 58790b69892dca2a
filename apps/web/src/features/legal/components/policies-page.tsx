import { Link } from 'react-router';
import { ROUTES } from '@postlark/shared/routes';
import { SITE } from '@postlark/shared/site';
import { LegalDocument, SupportEmailLink, type LegalSection } from './legal-document';

// The numbered section titles are the spec's wording (SPEC section 2, "Legal pages").
const SECTIONS: readonly LegalSection[] = [
  {
    id: 'cancellation-refund',
    title: '1. Cancellation & Refund Policy',
    content: (
      <>
        <p className="legal-callout">
          Every plan starts with a <strong>{SITE.freeTrialDays}-day free trial</strong>.
        </p>
        <p>
          Nothing is charged during the free trial, so there is nothing to refund for it. You can cancel at any time
          during the trial and you will not pay anything.
        </p>
        <p>
          Once your subscription is activated after the trial, all payments are final and non-refundable. You can still
          cancel at any time to stop future renewals.
        </p>
      </>
    ),
  },
  {
    id: 'shipping-delivery',
    title: '2. Shipping & Delivery Policy',
    content: (
      <>
        <p>
          {SITE.name} is a digital product: there is nothing physical to ship. You get immediate access to the
          platform as soon as you create your account.
        </p>
        <p>
          Everything we provide is delivered through the platform itself or by email, such as account verification
          links, password resets and notices about your subscription.
        </p>
      </>
    ),
  },
  {
    id: 'contact-us',
    title: '3. Contact Us',
    content: (
      <p>
        Our support team is available by email at <SupportEmailLink />. Tell us the email address of your account and
        what you need help with; most support tickets are resolved within 24&ndash;48 hours.
      </p>
    ),
  },
  {
    id: 'privacy-policy',
    title: '4. Privacy Policy',
    content: (
      <>
        <p>
          This summary explains how we treat your personal data. Our full <Link to={ROUTES.privacy}>Privacy Policy</Link>{' '}
          gives the details.
        </p>
        <h3>4.1 Information we collect</h3>
        <p>
          When you sign up we collect your name and email address. We also keep any information you choose to give us
          voluntarily, for example in your profile or in a message to our team.
        </p>
        <h3>4.2 Use of information</h3>
        <p>
          We use your information to provide and improve {SITE.name}, to manage your account and subscription, to send
          you service emails, and to answer your questions.
        </p>
        <h3>4.3 Data security</h3>
        <p>
          We take reasonable technical and organisational measures to protect your data from loss, misuse and
          unauthorised access. Passwords, for example, are stored only as one-way hashes.
        </p>
        <h3>4.4 No sharing, selling or renting</h3>
        <p>
          We do not share, sell or rent your personal data to third parties for their own purposes. Service providers
          that help us run {SITE.name} may process it only on our behalf.
        </p>
        <h3>4.5 Cookies</h3>
        <p>
          We use only the cookies and similar browser storage needed to run the service, such as keeping you signed in.
          We do not use advertising cookies.
        </p>
        <h3>4.6 Third-party links</h3>
        <p>
          Our website and emails may link to other sites, such as our social media pages. We are not responsible for
          the content or privacy practices of those sites, so please read their policies.
        </p>
        <h3>4.7 Children&rsquo;s privacy</h3>
        <p>
          {SITE.name} is not intended for anyone under the age of {SITE.minimumAge}, and we do not knowingly collect
          personal data from children under {SITE.minimumAge}.
        </p>
        <h3>4.8 Contact</h3>
        <p>
          For any question about your privacy or your data, email us at <SupportEmailLink />.
        </p>
      </>
    ),
  },
];

export function PoliciesPage() {
  return (
    <LegalDocument
      title="Policies"
      lead={`Cancellation, refunds, delivery, support and privacy: how ${SITE.name} works once you sign up.`}
      effectiveDate={SITE.legalEffectiveDate}
      sections={SECTIONS}
      closing={
        <>
          <h2>Looking for the full terms?</h2>
          <p>
            Read our <Link to={ROUTES.term}>Terms of Use</Link> or the <Link to={ROUTES.faq}>FAQ</Link> for quick
            answers.
          </p>
        </>
      }
    />
  );
}
