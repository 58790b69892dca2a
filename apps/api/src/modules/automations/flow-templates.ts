import type { FlowDefinition } from '@postlark/shared/automations';
import { SUNSET_NO_ANSWER_REASON } from '@postlark/shared/automations-messages';
import type { FlowTemplateId } from '@postlark/shared/automations-requests';
import { STARTER_COPY } from '@postlark/shared/starter-copy';
import { KEEP_SUBSCRIPTION_EVENT, KEEP_SUBSCRIPTION_PARAM, PREFERENCE_CENTRE_MESSAGES } from '@postlark/shared/preferences';

// Starter flows. A template names no list, segment or sender of the customer's: where it needs
// one, the nil id stands for "choose one" (the builder asks; activation refuses it until chosen).

export const CHOOSE = '00000000-0000-0000-0000-000000000000';

const email = (id: string, name: string, subject: string, body: string, next: string | null) => ({
  id,
  type: 'email' as const,
  name,
  subject,
  preheader: '',
  from_name: '',
  from_email: '',
  reply_to: '',
  content_html: body,
  content_text: null,
  tracking: true,
  next,
});

const wait = (id: string, amount: number, unit: 'hours' | 'days', next: string | null) => ({ id, type: 'wait' as const, duration: { amount, unit }, next });

const RULES = { reentry: 'never' as const, reentry_days: null, frequency_cap_hours: null, quiet_hours: null, timezone: 'UTC' };

export const TEMPLATES: Record<FlowTemplateId, { name: string; description: string; definition: FlowDefinition }> = {
  welcome_series: {
    name: 'Welcome series',
    description: 'Greets people who join a list, then a second email two days later.',
    definition: {
      trigger: { type: 'list_joined', list_id: CHOOSE },
      start: 'welcome',
      steps: [
        email('welcome', 'Welcome', 'Welcome, {{ first_name | default: "friend" }}!', `<h1>Welcome aboard</h1><p>${STARTER_COPY.welcomeFirst}</p>`, 'wait-2d'),
        wait('wait-2d', 2, 'days', 'best-of'),
        email('best-of', 'Our best', 'The best of what we do', `<h1>Our favourites</h1><p>${STARTER_COPY.welcomeBest}</p>`, null),
      ],
      rules: RULES,
      goal: null,
    },
  },
  abandoned_cart: {
    name: 'Abandoned cart',
    description: 'Reminds people who left items in their cart; a purchase ends the flow.',
    definition: {
      trigger: { type: 'event', event: 'cart_updated', filters: [] },
      start: 'wait-1h',
      steps: [
        wait('wait-1h', 1, 'hours', 'reminder'),
        email('reminder', 'Reminder', 'You left something behind', `<h1>Still thinking it over?</h1><p>${STARTER_COPY.cartReminder}</p>`, 'wait-1d'),
        wait('wait-1d', 1, 'days', 'last-call'),
        email('last-call', 'Last call', 'Your cart is about to expire', `<h1>Last call</h1><p>${STARTER_COPY.cartLastCall}</p>`, null),
      ],
      rules: { ...RULES, reentry: 'after_days', reentry_days: 7, frequency_cap_hours: 16, quiet_hours: { start: 21, end: 8 } },
      goal: { event: 'order_placed', filters: [] },
    },
  },
  post_purchase: {
    name: 'Post-purchase follow-up',
    description: 'Thanks buyers, asks for a review, then suggests what goes with it.',
    definition: {
      trigger: { type: 'event', event: 'order_placed', filters: [] },
      start: 'wait-3d',
      steps: [
        wait('wait-3d', 3, 'days', 'thanks'),
        email('thanks', 'Thank you', 'How are you getting on?', `<h1>Thank you for your order</h1><p>${STARTER_COPY.purchaseThanks}</p>`, 'wait-14d'),
        wait('wait-14d', 14, 'days', 'next-buy'),
        email('next-buy', 'Goes well with', 'Picked for you', `<h1>You might also like</h1><p>${STARTER_COPY.purchaseNext}</p>`, null),
      ],
      rules: { ...RULES, reentry: 'always', frequency_cap_hours: 16 },
      goal: null,
    },
  },
  win_back: {
    name: 'Win-back',
    description: 'Reaches out to people who stopped engaging; an order ends it.',
    definition: {
      trigger: { type: 'segment_entered', segment_id: CHOOSE },
      start: 'miss-you',
      steps: [
        email('miss-you', 'We miss you', 'We miss you, {{ first_name | default: "friend" }}', `<h1>It has been a while</h1><p>${STARTER_COPY.winBackMissed}</p>`, 'wait-order'),
        {
          id: 'wait-order',
          type: 'wait_event',
          event: 'order_placed',
          filters: [],
          timeout: { amount: 7, unit: 'days' },
          next: null,
          timeout_next: 'last-chance',
        },
        email('last-chance', 'Last chance', 'One last thing before we go quiet', `<h1>Still there?</h1><p>${STARTER_COPY.winBackLast}</p>`, null),
      ],
      rules: { ...RULES, reentry: 'after_days', reentry_days: 90 },
      goal: { event: 'order_placed', filters: [] },
    },
  },
  birthday: {
    name: 'Birthday',
    description: 'A greeting on the birthday attribute, at 9:00 in each person\'s timezone.',
    definition: {
      trigger: { type: 'date', attribute: 'birthday', offset_days: 0, hour: 9 },
      start: 'greeting',
      steps: [email('greeting', 'Birthday greeting', 'Happy birthday, {{ first_name | default: "friend" }}!', `<h1>Happy birthday!</h1><p>${STARTER_COPY.birthdayGift}</p>`, null)],
      rules: { ...RULES, reentry: 'always' },
      goal: null,
    },
  },
  sunset: {
    name: 'Sunset',
    description:
      'Asks people who turn dormant whether they still want your emails; the silent are unsubscribed after 14 days. Good for deliverability: you mail only readers.',
    definition: {
      // The segment of dormant people: made for the account when a flow is created from this template.
      trigger: { type: 'segment_entered', segment_id: CHOOSE },
      start: 'ask',
      steps: [
        email(
          'ask',
          'Still interested?',
          'Do you still want to hear from us?',
          `<h1>${PREFERENCE_CENTRE_MESSAGES.keepQuestion}</h1><p>We have not heard from you in a while, and we only want to write to people who want our emails.</p><p><a href="{{ preferences_url }}?${KEEP_SUBSCRIPTION_PARAM}=1">${PREFERENCE_CENTRE_MESSAGES.keepButton}</a></p><p>If we do not hear from you within 14 days, we will stop sending you email.</p>`,
          'wait-answer',
        ),
        {
          id: 'wait-answer',
          type: 'wait_event',
          event: KEEP_SUBSCRIPTION_EVENT,
          filters: [],
          timeout: { amount: 14, unit: 'days' },
          next: null,
          timeout_next: 'still-reading',
        },
        // Silent means not reading at all, not only "did not press keep": whoever opened or clicked
        // any email since they were asked (a person's, not a machine's), or whose band is no longer
        // dormant, stays; only the rest are unsubscribed. The window is 30 days, not the 14 of the
        // question: a run held up (a paused flow, a deferred email) still sees the whole time since
        // it asked, and a doubt keeps the person.
        {
          id: 'still-reading',
          type: 'split',
          condition: {
            match: 'any',
            rules: [
              { type: 'profile', condition: { field: 'engagement', op: 'engaged', value: '30' } },
              { type: 'profile', condition: { field: 'engagement_score', bands: ['highly_engaged', 'engaged', 'cooling'], score_at_least: null, score_below: null } },
            ],
          },
          yes: null,
          no: 'unsubscribe',
        },
        {
          id: 'unsubscribe',
          type: 'update',
          attributes: {},
          add_to_lists: [],
          remove_from_lists: [],
          unsubscribe: { reason: SUNSET_NO_ANSWER_REASON },
          next: null,
        },
      ],
      rules: { ...RULES, reentry: 'after_days', reentry_days: 180 },
      goal: null,
    },
  },
};
