import { Link } from 'react-router';
import { ROUTES } from '@postlark/shared/routes';
import { SITE } from '@postlark/shared/site';
import { LegalDocument, SupportEmailLink, type LegalSection } from './legal-document';

// Every statement here describes what the product stores today; change it when the data model changes.
const SECTIONS: readonly LegalSection[] = [
  {
    id: 'information-we-collect',
    title: '1. Information we collect',
    content: (
      <>
        <h3>When you join the waitlist or contact us</h3>
        <p>We store:</p>
        <ul>
          <li>your email address;</li>
          <li>the message you write, if you add one (it is optional);</li>
          <li>the date and time you sent the form;</li>
          <li>your browser&rsquo;s user agent, the short text that names your browser and operating system;</li>
          <li>
            a keyed hash of your IP address. We combine the address with a secret key held on our servers and keep
            only the result, which lets us spot repeated abuse. We never store your IP address itself.
          </li>
        </ul>
        <h3>When you create an account</h3>
        <p>
          We store your name, email address, date of birth, country and gender, and, if you choose to tell us, how you
          heard about {SITE.name}. Your password is never stored: we keep only an argon2id hash of it, a one-way
          fingerprint from which the password cannot be read back, not even by us.
        </p>
        <h3>Subscriber lists you upload</h3>
        <p>
          When you upload or import your subscribers, you remain the controller of that data and {SITE.name} acts as
          your processor: we process it only on your instructions and only to provide the service to you.
        </p>
        <h3>When campaigns are sent</h3>
        <p>
          When our customers send campaigns through {SITE.name}, we send the emails on their behalf and record delivery
          events, opens and clicks, each with its time. Opens are measured with a small image in the email and clicks
          through links that pass through {SITE.name}. These records are kept for the customer who sent the campaign.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: '2. How we use information',
    content: (
      <>
        <p>We use personal data only for these purposes:</p>
        <ul>
          <li>to tell waitlist members when {SITE.name} opens to them, and to answer the messages you send us;</li>
          <li>to create, verify and secure your account, and to let you sign in and reset your password;</li>
          <li>to confirm that account holders meet our minimum age of {SITE.minimumAge};</li>
          <li>to send campaigns for our customers and show them their delivery, open and click results;</li>
          <li>
            to power the features customers use, such as send-time optimisation, engagement scoring and
            recommendations, each for that customer&rsquo;s own audience;
          </li>
          <li>to detect and prevent spam, fraud and abuse of our forms and sending;</li>
          <li>to understand how people find and use {SITE.name}, so we can improve it;</li>
          <li>to meet our legal obligations.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-share-it',
    title: '3. How we share information',
    content: (
      <>
        <p className="legal-callout">
          <strong>We do not sell your personal data</strong>, and we do not rent it or trade it to advertisers.
        </p>
        <p>We share personal data only:</p>
        <ul>
          <li>
            with service providers that run parts of {SITE.name} for us, such as hosting, email delivery, payment
            processing and AI model providers, under contracts that let them use it only to provide their service;
          </li>
          <li>with the email platforms, CRM and other services you choose to connect to your account;</li>
          <li>when the law requires it, or to protect the rights, safety and security of our users and of {SITE.name};</li>
          <li>
            with a buyer or successor if {SITE.name} is ever merged or sold, in which case this policy keeps applying to
            your data and we will tell you first.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'retention',
    title: '4. How long we keep it',
    content: (
      <ul>
        <li>Waitlist entries: until we invite you in, or until you ask us to remove you.</li>
        <li>Contact messages: for as long as we need them to answer you and follow up.</li>
        <li>
          Account data: for as long as your account is open. When you close it we delete it, except for records the
          law requires us to keep, such as invoices.
        </li>
        <li>Subscriber lists and campaign data: until the customer deletes them or closes their account.</li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: '5. How we protect it',
    content: (
      <p>
        Passwords are stored only as argon2id hashes and IP addresses only as keyed hashes. Access to personal data is
        limited to the people who need it to run {SITE.name}. No system is perfectly secure, but we work to protect your
        data and will tell you without undue delay if a breach affects it.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: '6. Your rights',
    content: (
      <>
        <p>Depending on where you live, you have the right to:</p>
        <ul>
          <li>see the personal data we hold about you and get a copy of it;</li>
          <li>correct data that is wrong or incomplete;</li>
          <li>have your data deleted;</li>
          <li>object to or restrict how we use it, and withdraw consent you have given;</li>
          <li>complain to your local data protection authority.</li>
        </ul>
        <p>
          To use any of these rights, email us from the address linked to your account or to the waitlist. If you
          receive campaigns from one of our customers, use the unsubscribe link in their email, or contact that sender,
          who controls your data; we will help them answer you.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: "7. Children's privacy",
    content: (
      <p>
        {SITE.name} is not meant for children under {SITE.minimumAge}, and we do not knowingly collect their personal
        data. If you believe a child has given us personal data, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: '8. Changes to this policy',
    content: (
      <p>
        When our practices change, we will update this page. If a change is significant, we will also tell account
        holders by email before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: '9. Contact us',
    content: (
      <p>
        For questions about this policy or to exercise your rights, email <SupportEmailLink />. Our{' '}
        <Link to={ROUTES.term}>Terms of Use</Link> and <Link to={ROUTES.policies}>Policies</Link> explain the rest of
        how {SITE.name} works.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lead="What we collect, why we collect it, and who we share it with, in plain language."
      intro={
        <p>
          This policy explains how {SITE.name} handles personal data when you visit our website, join the waitlist,
          send us a message, use your account, or receive a campaign sent with {SITE.name}.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
