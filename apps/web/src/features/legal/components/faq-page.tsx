import { Link } from 'react-router';
import { ROUTES } from '@postlark/shared/routes';
import { SITE } from '@postlark/shared/site';
import { FaqAccordion, type FaqItem } from './faq-accordion';
import { LegalHero, SupportEmailLink } from './legal-document';
import { LegalToc } from './legal-toc';

const GETTING_STARTED: readonly FaqItem[] = [
  {
    question: `What is ${SITE.name}?`,
    answer: (
      <p>
        {SITE.name} is an AI-powered newsletter and email-marketing platform. It picks the best moment to send each
        email, runs A/B tests for you, personalises content from how your readers behave, scores engagement and
        recommends what to send next.
      </p>
    ),
  },
  {
    question: 'How do I get started?',
    answer: (
      <p>
        It takes three steps. <strong>Sign up</strong> with your email address and confirm it from the link we send
        you. <strong>Customize</strong> your account and connect the email platform you already use.{' '}
        <strong>Send &amp; shine</strong>: create your first campaign and let {SITE.name} choose the right time for it.
      </p>
    ),
  },
  {
    question: 'Is there a free trial?',
    answer: (
      <p>
        Yes. Every plan starts with a {SITE.freeTrialDays}-day free trial that includes the core features, and nothing
        is charged during the trial.
      </p>
    ),
  },
  {
    question: 'Can I bring my existing subscribers?',
    answer: (
      <p>
        Yes. Upload your list or connect your email platform, and {SITE.name} works with the audience you already have.
        Only import people who have agreed to receive your emails; we process their data on your behalf, as our{' '}
        <Link to={ROUTES.privacy}>Privacy Policy</Link> explains.
      </p>
    ),
  },
];

const BILLING: readonly FaqItem[] = [
  {
    question: 'Which plans do you offer?',
    answer: (
      <p>
        Three. The Basic plan is available today: a small AI model, any two platform integrations, and limited A/B
        testing and analytics. The Premium plan (a mid-tier AI model, any five integrations, a dedicated manager and
        24/7 support) and the Enterprise plan (our top AI model with unlimited AI suggestions and A/B testing) are
        coming soon.
      </p>
    ),
  },
  {
    question: 'How can I pay?',
    answer: (
      <p>
        We accept two payment services: card payments through Stripe and UPI through Razorpay. Choose whichever suits
        you when your trial ends.
      </p>
    ),
  },
  {
    question: 'Is there a discount for paying yearly?',
    answer: <p>Yes. Annual plans are discounted compared with paying month by month.</p>,
  },
  {
    question: 'What happens if I go over my plan limits?',
    answer: (
      <p>
        Each plan has usage limits. If you exceed them, overage fees apply or your sending may be suspended until you
        upgrade your plan or your usage is back within its limits.
      </p>
    ),
  },
  {
    question: 'Can I get a refund?',
    answer: (
      <p>
        Nothing is charged during the free trial, so there is nothing to refund. After your subscription is activated,
        payments are final and non-refundable. See our <Link to={ROUTES.policies}>Policies</Link> for the details.
      </p>
    ),
  },
];

const SUPPORT: readonly FaqItem[] = [
  {
    question: 'How do I contact support?',
    answer: (
      <p>
        Email us at <SupportEmailLink /> or use the Contact us link in the site footer. Most support tickets are
        resolved in 24&ndash;48 hours.
      </p>
    ),
  },
  {
    question: "I didn't receive my verification email. What should I do?",
    answer: (
      <p>
        Give it a few minutes, then check your spam and promotions folders. If it still hasn&rsquo;t arrived, or the
        link has expired, start the sign-up again with the same address to get a new one.
      </p>
    ),
  },
  {
    question: 'I forgot my password. How do I reset it?',
    answer: (
      <p>
        On the sign-in page, enter your email address, then use the forgotten-password link. We&rsquo;ll email you a
        link to choose a new password.
      </p>
    ),
  },
  {
    question: 'Why are my emails landing in spam?',
    answer: (
      <p>
        Usually because the sending domain isn&rsquo;t authenticated or the list contains people who never engage.
        Set up SPF, DKIM and DMARC for your domain, only email people who opted in, and use engagement scores to
        remove inactive subscribers. If it keeps happening, write to us and we&rsquo;ll look into it.
      </p>
    ),
  },
];

const GROUPS = [
  { id: 'getting-started', title: 'Getting Started', items: GETTING_STARTED, icon: <SparkIcon /> },
  { id: 'billing', title: 'Billing & Subscription', items: BILLING, icon: <CardIcon /> },
  { id: 'support', title: 'Support & Troubleshooting', items: SUPPORT, icon: <LifebuoyIcon /> },
] as const;

export function FaqPage() {
  return (
    <div className="legal-page">
      <LegalHero
        eyebrow="Help centre"
        title="FAQ"
        lead={`Quick answers about getting started with ${SITE.name}, billing and support.`}
      />
      <div className="container legal-layout">
        <LegalToc entries={GROUPS} />
        <div className="legal-body faq-groups">
          {GROUPS.map((group) => (
            <FaqAccordion key={group.id} id={group.id} title={group.title} items={group.items} icon={group.icon} />
          ))}
          <aside className="legal-closing" data-aos="fade-up">
            <h2>Still have a question?</h2>
            <p>
              Write to us at <SupportEmailLink /> and a real person will get back to you.
            </p>
          </aside>
        </div>
      </div>
    </div>
  );
}

function SparkIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
      <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z" />
      <path d="M18.5 15.5l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8z" />
    </svg>
  );
}

function CardIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <rect x="3" y="5.5" width="18" height="13" rx="2.5" />
      <path d="M3 10h18M7 15h4" />
    </svg>
  );
}

function LifebuoyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="3.5" />
      <path d="M5.6 5.6l3.9 3.9M14.5 14.5l3.9 3.9M18.4 5.6l-3.9 3.9M9.5 14.5l-3.9 3.9" />
    </svg>
  );
}
