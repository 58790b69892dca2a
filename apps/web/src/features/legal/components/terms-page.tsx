import { Link } from 'react-router';
import { ROUTES } from '@postlark/shared/routes';
import { SITE } from '@postlark/shared/site';
import { LegalDocument, SupportEmailLink, type LegalSection } from './legal-document';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'cookies',
    title: '1. Cookies',
    content: (
      <>
        <p>
          {SITE.name} uses cookies and similar browser storage. By using the website and the platform you agree to
          their use as described here and in our <Link to={ROUTES.privacy}>Privacy Policy</Link>.
        </p>
        <p>
          We only use cookies that are needed to run the service, for example to keep you signed in to your account
          and to remember the choices you make while you use it. We do not use advertising cookies, and we do not let
          advertising networks track you on our site.
        </p>
      </>
    ),
  },
  {
    id: 'licence',
    title: '2. Licence',
    content: (
      <>
        <p>
          Unless stated otherwise, {SITE.name} and its licensors own the intellectual property rights in the website
          and the platform, including its software, design, text, graphics and logos. All rights are reserved.
        </p>
        <p>
          While your account is in good standing, we grant you a limited, personal, non-exclusive, non-transferable
          and revocable licence to use the platform to create, manage and send email campaigns for yourself or your
          organisation, subject to these terms. You must not:
        </p>
        <ul>
          <li>republish, sell, rent or sub-license material from {SITE.name};</li>
          <li>reproduce, duplicate or copy material from {SITE.name} for redistribution;</li>
          <li>copy, modify, reverse engineer or attempt to extract the source code of the platform;</li>
          <li>resell access to the platform or use it to build a competing product.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'user-content',
    title: '3. User-generated content',
    content: (
      <>
        <p>
          The newsletters, templates, images, subscriber lists and other material you create or upload
          (&ldquo;your content&rdquo;) remain yours. You grant us a worldwide, non-exclusive licence to host, store,
          copy, process and send your content only as far as needed to provide the service to you, including to
          generate AI suggestions that you ask for.
        </p>
        <p>You are responsible for your content and you confirm that:</p>
        <ul>
          <li>you have the rights and permissions needed to use it, including the consent of your subscribers;</li>
          <li>it does not infringe anyone&rsquo;s intellectual property, privacy or other rights;</li>
          <li>it is not unlawful, defamatory, hateful, obscene, misleading or harmful;</li>
          <li>it does not contain malware or links designed to deceive the people who receive it.</li>
        </ul>
        <p>
          We do not review content before it is sent, but we may remove content or suspend sending when we reasonably
          believe it breaks these terms or the law.
        </p>
      </>
    ),
  },
  {
    id: 'hyperlinking',
    title: '4. Hyperlinking to our content',
    content: (
      <>
        <p>
          Government agencies, search engines, news organisations and online directories may link to our home page,
          publications or other website content without asking us first. Other organisations may do the same if the
          link:
        </p>
        <ul>
          <li>is not misleading in any way;</li>
          <li>does not falsely suggest that we sponsor, endorse or approve them or their products;</li>
          <li>fits the context of the site it appears on.</li>
        </ul>
        <p>
          Using the {SITE.name} name, logo or other artwork in a link needs our prior written permission. To ask for
          it, write to <SupportEmailLink />.
        </p>
      </>
    ),
  },
  {
    id: 'email-marketing',
    title: '5. Email marketing and account usage',
    content: (
      <>
        <p>
          You must be at least {SITE.minimumAge} years old to create an account. Keep your sign-in details
          confidential: you are responsible for everything done through your account, so tell us straight away if you
          think someone else has used it. The information you give us must be accurate and kept up to date.
        </p>
        <p>When you send email with {SITE.name} you must:</p>
        <ul>
          <li>only email people who have agreed to hear from you; bought, rented or scraped lists are not allowed;</li>
          <li>identify yourself clearly as the sender and use honest subject lines;</li>
          <li>include a working unsubscribe link in every campaign and honour unsubscribe requests promptly;</li>
          <li>comply with the anti-spam and data protection laws that apply to you and to your recipients;</li>
          <li>never use the platform for phishing, fraud, malware or other illegal activity.</li>
        </ul>
        <p>
          Each plan has usage limits. If you go beyond them, overage fees may apply or sending may be suspended until
          you upgrade or your usage returns within the limit. We may also suspend an account whose campaigns cause
          unusually high bounce or complaint rates, so that deliverability stays good for every customer.
        </p>
      </>
    ),
  },
  {
    id: 'iframes',
    title: '6. iFrames',
    content: (
      <p>
        Without our prior written approval, you may not create frames around our web pages or otherwise change how our
        website looks or is presented. Our pages are served with settings that tell browsers not to display them inside
        another site&rsquo;s frame.
      </p>
    ),
  },
  {
    id: 'content-liability',
    title: '7. Content liability',
    content: (
      <p>
        We are not responsible for content that appears on your website or in the emails you send. You agree to
        protect and defend us against all claims arising from your website, your campaigns or your content. No link
        to {SITE.name} may appear on a website or in an email whose content could be seen as defamatory, obscene or
        criminal, or that infringes, otherwise violates or encourages the violation of anyone&rsquo;s rights.
      </p>
    ),
  },
  {
    id: 'disclaimer',
    title: '8. Disclaimer',
    content: (
      <>
        <p>
          To the fullest extent permitted by law, the website and the platform are provided &ldquo;as is&rdquo; and
          &ldquo;as available&rdquo;, and we exclude all representations, warranties and conditions about them.
          AI-powered features, such as send-time optimisation, engagement scores and predictive recommendations, are
          estimates based on past data: they can help your results, but we cannot guarantee any open rate, click rate
          or revenue.
        </p>
        <p>Nothing in this disclaimer will:</p>
        <ul>
          <li>limit or exclude our or your liability for death or personal injury;</li>
          <li>limit or exclude our or your liability for fraud or fraudulent misrepresentation;</li>
          <li>limit any of our or your liabilities in any way that is not permitted under applicable law;</li>
          <li>exclude any of our or your liabilities that may not be excluded under applicable law.</li>
        </ul>
        <p>
          Within those limits, we are not liable for any indirect or consequential loss, or for loss of data, profit
          or business opportunity, arising from your use of the website or the platform.
        </p>
      </>
    ),
  },
  {
    id: 'privacy',
    title: '9. Privacy',
    content: (
      <p>
        Your privacy matters to us. Our <Link to={ROUTES.privacy}>Privacy Policy</Link> explains what personal data we
        collect, how we use and protect it, and the choices you have. By using {SITE.name} you acknowledge that you
        have read it.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Use"
      lead={`The rules for using the ${SITE.name} website and platform. Please read them before you create an account or send your first campaign.`}
      effectiveDate={SITE.legalEffectiveDate}
      intro={
        <p>
          Welcome to {SITE.name}. These terms govern your use of our website and of the {SITE.name} newsletter and
          email-marketing platform. By accessing the website or creating an account, you accept these terms in full.
          If you do not agree with any part of them, please do not use {SITE.name}.
        </p>
      }
      sections={SECTIONS}
      closing={
        <>
          <h2>Questions about these terms?</h2>
          <p>
            Write to us at <SupportEmailLink /> and we&rsquo;ll be happy to help. You can also read our{' '}
            <Link to={ROUTES.policies}>Policies</Link> for cancellation, refunds and delivery.
          </p>
        </>
      }
    />
  );
}
