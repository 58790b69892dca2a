import { SOCIAL_LABELS } from '@postlark/shared/brand-kit';
import { escapeHtml } from '../../lib/html';
import type { EmailLook } from './email-look';

// The footer the law asks for (who sends it, why, how to leave, the postal address) under the
// content, with the brand kit's social links. The same for every reader but their preference link,
// which the message's builder puts in place of FOOTER_PREFERENCES.

/** Where each reader's preference link goes: no address a customer could write (.invalid, RFC 2606). */
export const FOOTER_PREFERENCES = 'https://postlark.invalid/your-preferences';
export const FOOTER_CLASS = 'postlark-footer';
const FOOTER_COLOR = '#6b7280';

export interface FooterFacts {
  sender: string;
  postalAddress: string;
}

/** `page`: the background the footer sits on and the class dark mode repaints it by. */
export function footerMjml(facts: FooterFacts, look: EmailLook, page: { background: string; className: string }): string {
  const social = look.socialLinks
    .map((link) => `<a href="${escapeHtml(link.url)}" style="color:${look.colors.link};text-decoration:none;font-weight:600">${escapeHtml(SOCIAL_LABELS[link.network])}</a>`)
    .join(' &nbsp;·&nbsp; ');
  return `<mj-section padding="24px 16px 32px" background-color="${page.background}" css-class="${page.className}"><mj-column>
<mj-text css-class="${FOOTER_CLASS}" align="center" font-size="13px" line-height="1.6" color="${FOOTER_COLOR}" padding="0 8px">${social ? `<p style="margin:0 0 12px">${social}</p>` : ''}
<p style="margin:0 0 8px">You receive this email because you subscribed to ${escapeHtml(facts.sender)}.</p>
<p style="margin:0 0 8px"><a href="${FOOTER_PREFERENCES}" style="color:${look.colors.link}">Unsubscribe or choose what you receive</a></p>
<p style="margin:0">${escapeHtml(facts.postalAddress)}</p></mj-text>
</mj-column></mj-section>`;
}
