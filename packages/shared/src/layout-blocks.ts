// Layout blocks (issue 33): how the editor writes a campaign's layout into its HTML, and what the
// server reads when it lays the message out for mail clients (apps/api/src/mail/layout).
//   <div data-postlark-layout="columns"><div data-postlark-layout="column">…</div>…</div>
//   <div data-postlark-layout="spacer" data-height="24"></div>
//   <p data-hide-on="phone">…</p>   (any top-level block, a column's contents too)
// Everything else (paragraphs, headings, lists, quotes, images, buttons, dividers and the content
// blocks of content-blocks.ts) is what it was before layouts: written as it is, in one column.

export const LAYOUT_ATTRIBUTES = { layout: 'data-postlark-layout', height: 'data-height', hideOn: 'data-hide-on' } as const;

export const LAYOUT_KINDS = { columns: 'columns', column: 'column', spacer: 'spacer' } as const;

/** A columns block holds two or three columns; on a phone they stack, the first on top. */
export const COLUMN_COUNTS = { min: 2, max: 3 } as const;

export const SPACER_HEIGHT = { min: 8, max: 96, initial: 24 } as const;

export const HIDE_ON = ['phone', 'desktop'] as const;
export type HideOn = (typeof HIDE_ON)[number];

/** Below this width (px) a message is laid out for a phone: columns stack, "hide on phones" hides. */
export const PHONE_BREAKPOINT = 480;

/** The message's column on a desktop, in px: the width every mail client shows without scrolling. */
export const EMAIL_WIDTH = 600;

/** The spacer's height an attribute gives, within SPACER_HEIGHT (its initial height when unreadable). */
export function spacerHeight(value: string | null | undefined): number {
  const height = Number(value);
  if (!Number.isInteger(height)) return SPACER_HEIGHT.initial;
  return Math.min(SPACER_HEIGHT.max, Math.max(SPACER_HEIGHT.min, height));
}

/** The devices a block is hidden on ('phone' or 'desktop'), or null when it shows on both. */
export function hideOnValue(value: string | null | undefined): HideOn | null {
  return (HIDE_ON as readonly (string | null | undefined)[]).includes(value) ? (value as HideOn) : null;
}

export const LAYOUT_TEXTS = {
  columns: (count: number) => `${count} columns`,
  spacer: 'Spacer',
  hideOnPhone: 'Hidden on phones',
  hideOnDesktop: 'Hidden on desktops',
  showEverywhere: 'Shown on phones and desktops',
} as const;

/** A columns block as the editor writes it, from each column's HTML. */
export function columnsHtml(columns: readonly string[]): string {
  const inner = columns.map((column) => `<div ${LAYOUT_ATTRIBUTES.layout}="${LAYOUT_KINDS.column}">${column}</div>`).join('');
  return `<div ${LAYOUT_ATTRIBUTES.layout}="${LAYOUT_KINDS.columns}">${inner}</div>`;
}

/** A spacer as the editor writes it. */
export const spacerHtml = (height: number = SPACER_HEIGHT.initial) => `<div ${LAYOUT_ATTRIBUTES.layout}="${LAYOUT_KINDS.spacer}" ${LAYOUT_ATTRIBUTES.height}="${spacerHeight(String(height))}"></div>`;
