import { EMAIL_BUTTON_CLASS, EMAIL_BUTTON_STYLE } from '@postlark/shared/email-button';
import { anchorsOf } from '../tracking/html-anchors';

// Mail clients ignore style sheets: a button (a link with the button class) that carries no
// inline style of its own arrives as a plain link. Drafts made from the starting templates before
// they carried the style are such buttons, so the sender gives each the editor's button look.

/** The HTML with every unstyled `<a class="email-button">` given the button's inline style (the brand kit's, or the product's own). */
export function styleEmailButtons(html: string, style = EMAIL_BUTTON_STYLE): string {
  if (!html.includes(EMAIL_BUTTON_CLASS)) return html;
  const parts: string[] = [];
  let at = 0;
  for (const anchor of anchorsOf(html, ['class', 'style'])) {
    const classes = anchor.attributes.find((attribute) => attribute.name === 'class')?.value.split(/\s+/) ?? [];
    // A style the customer wrote is theirs to keep.
    const styled = anchor.attributes.some((attribute) => attribute.name === 'style');
    if (!classes.includes(EMAIL_BUTTON_CLASS) || styled) continue;
    parts.push(html.slice(at, anchor.nameEnd), ` style="${style}"`);
    at = anchor.nameEnd;
  }
  parts.push(html.slice(at));
  return parts.join('');
}
