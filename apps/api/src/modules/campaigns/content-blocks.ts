import { BLOCK_ATTRIBUTES, BLOCK_LIMITS, BLOCK_MESSAGES, type BlockCondition, decodeCondition, RECOMMENDATION_COUNT, RECOMMENDATION_LAYOUTS, type RecommendationLayout } from '@postlark/shared/content-blocks';
import type { RecommendedProduct } from '@postlark/shared/recommendations';
import { Parser } from 'htmlparser2';
import { escapeHtml } from '../../lib/html';

// Content blocks in a campaign's HTML (shapes in @postlark/shared/content-blocks): read once when
// the campaign is prepared, each replaced by a marker comment that merge tags leave alone, then
// filled in (a recommendations block) or kept or dropped (a conditional block) per recipient,
// after merge tags ran and before links are tracked, so product links are tracked too.

export interface RecommendationsBlock {
  count: number;
  layout: RecommendationLayout;
}

/** A template's blocks: recommendations and conditions by their marker's number. */
export interface TemplateBlocks {
  recommendations: RecommendationsBlock[];
  conditions: BlockCondition[];
}

/** What one recipient's blocks need, loaded per batch (block-personalisation.ts). */
export interface PersonalContent {
  products: readonly RecommendedProduct[];
  /** The conditions (by conditionKey) this person matches. */
  matched: ReadonlySet<string>;
}

/**
 * Every recommended product link carries this link number (tracked-html.ts): the report groups
 * their clicks as "Recommended products" and attributes the orders that follow to the block.
 * Within what a click token can name (four base-36 digits) and far above any content's own links.
 */
export const RECOMMENDED_LINK = 1_600_000;

/** Thrown for a block that cannot be read; its message is a BLOCK_MESSAGES text. */
export class BlockError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockError';
  }
}

/** One name per condition, the same in every content and flow: what `matched` holds. */
export const conditionKey = (condition: BlockCondition) => JSON.stringify(condition);

const MARKER = /<!--postlark-(block|if|endif):(\d+)-->/g;
// A customer's own comment that looks like ours is removed, so it can never stand for a block.
const LOOKALIKE = /<!--\s*postlark-/gi;

interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * The template with its blocks as markers, and the blocks. Throws BlockError for a block that
 * cannot be read (unknown kind, count or layout out of range, a condition that is no condition,
 * a block never closed) or past BLOCK_LIMITS: saving and sending refuse it with that message.
 */
export function extractBlocks(html: string): { html: string; blocks: TemplateBlocks } {
  const blocks: TemplateBlocks = { recommendations: [], conditions: [] };
  const edits: Edit[] = [];
  // Each open div: whether it is a block, and where its start tag ends.
  const open: { kind: 'plain' | 'if' | 'recommendations'; start: number; openEnd: number; index: number }[] = [];
  let insideRecommendations = 0;
  // Conditional blocks open around the current point, and the different conditions so far (BLOCK_LIMITS).
  let ifDepth = 0;
  const distinct = new Set<string>();
  let failure: string | null = null;
  // Elements open around the current point, void ones (br, img) closed at once by the parser.
  let depth = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        depth += 1;
        if (depth > BLOCK_LIMITS.htmlDepth) failure ??= BLOCK_MESSAGES.htmlTooDeep;
        if (name !== 'div') return;
        const start = parser.startIndex;
        const openEnd = parser.endIndex + 1;
        const blockName = attributes[BLOCK_ATTRIBUTES.block];
        const conditionText = attributes[BLOCK_ATTRIBUTES.condition];
        if (insideRecommendations > 0 || (blockName === undefined && conditionText === undefined)) {
          open.push({ kind: 'plain', start, openEnd, index: -1 });
          if (insideRecommendations > 0) insideRecommendations += 1;
          return;
        }
        if (blockName !== undefined) {
          if (blockName !== 'recommendations') failure ??= BLOCK_MESSAGES.blockUnknown(blockName);
          const count = Number(attributes[BLOCK_ATTRIBUTES.count] ?? RECOMMENDATION_COUNT.initial);
          const layout = attributes[BLOCK_ATTRIBUTES.layout] ?? 'grid';
          if (!Number.isInteger(count) || count < RECOMMENDATION_COUNT.min || count > RECOMMENDATION_COUNT.max) failure ??= BLOCK_MESSAGES.countInvalid;
          if (!(RECOMMENDATION_LAYOUTS as readonly string[]).includes(layout)) failure ??= BLOCK_MESSAGES.layoutInvalid;
          open.push({ kind: 'recommendations', start, openEnd, index: blocks.recommendations.length });
          blocks.recommendations.push({ count, layout: layout as RecommendationLayout });
          insideRecommendations = 1;
          return;
        }
        const condition = decodeCondition(conditionText!);
        if (!condition) failure ??= BLOCK_MESSAGES.conditionInvalid;
        else if (distinct.add(conditionKey(condition)).size > BLOCK_LIMITS.conditions) failure ??= BLOCK_MESSAGES.tooManyConditions;
        ifDepth += 1;
        if (ifDepth > BLOCK_LIMITS.depth) failure ??= BLOCK_MESSAGES.nestedTooDeep;
        open.push({ kind: 'if', start, openEnd, index: blocks.conditions.length });
        if (condition) blocks.conditions.push(condition);
      },
      onclosetag(name, isImplied) {
        depth -= 1;
        if (name !== 'div') return;
        const div = open.pop();
        if (!div) return;
        if (insideRecommendations > 0) insideRecommendations -= 1;
        if (div.kind === 'plain') return;
        if (div.kind === 'if') ifDepth -= 1;
        if (isImplied) {
          failure ??= BLOCK_MESSAGES.notClosed;
          return;
        }
        const end = parser.endIndex + 1;
        if (div.kind === 'recommendations') edits.push({ start: div.start, end, text: `<!--postlark-block:${div.index}-->` });
        else {
          edits.push({ start: div.start, end: div.openEnd, text: `<!--postlark-if:${div.index}-->` });
          edits.push({ start: parser.startIndex, end, text: `<!--postlark-endif:${div.index}-->` });
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  if (open.some((div) => div.kind !== 'plain')) failure ??= BLOCK_MESSAGES.notClosed;
  if (failure) throw new BlockError(failure);
  // A recommendations block's own inside (the editor's placeholder) goes with it: edits inside it are none.
  edits.sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  let at = 0;
  for (const edit of edits) {
    if (edit.start < at) continue;
    parts.push(html.slice(at, edit.start).replace(LOOKALIKE, '<!-- '), edit.text);
    at = edit.end;
  }
  parts.push(html.slice(at).replace(LOOKALIKE, '<!-- '));
  return { html: parts.join(''), blocks };
}

/** The problem with a template's blocks (a BLOCK_MESSAGES text), or null when they can all be read. */
export function blockProblem(html: string): string | null {
  try {
    extractBlocks(html);
    return null;
  } catch (error) {
    if (error instanceof BlockError) return error.message;
    throw error;
  }
}

export const hasBlocks = (blocks: TemplateBlocks) => blocks.recommendations.length + blocks.conditions.length > 0;

const NONE: PersonalContent = { products: [], matched: new Set() };

/** A rendered content's markers, filled in for one recipient: their products, the blocks they match. */
export function personalise(html: string, blocks: TemplateBlocks, personal: PersonalContent | undefined): string {
  if (!hasBlocks(blocks)) return html;
  const { products, matched } = personal ?? NONE;
  const parts: string[] = [];
  // How many conditional blocks around here the person does not match: their content is left out.
  let hidden = 0;
  let at = 0;
  for (const match of html.matchAll(MARKER)) {
    if (hidden === 0) parts.push(html.slice(at, match.index));
    at = match.index + match[0].length;
    const [, kind, number] = match as unknown as [string, 'block' | 'if' | 'endif', string];
    if (kind === 'block') {
      const block = blocks.recommendations[Number(number)];
      if (hidden === 0 && block) parts.push(productsHtml(products.slice(0, block.count), block.layout));
    } else if (kind === 'if') {
      const condition = blocks.conditions[Number(number)];
      if (hidden > 0 || !condition || !matched.has(conditionKey(condition))) hidden += 1;
    } else if (hidden > 0) hidden -= 1;
  }
  if (hidden === 0) parts.push(html.slice(at));
  return parts.join('');
}

function priceText(product: RecommendedProduct): string {
  if (product.price === null) return '';
  try {
    return product.currency ? new Intl.NumberFormat('en', { style: 'currency', currency: product.currency }).format(product.price) : product.price.toFixed(2);
  } catch {
    // A currency code Intl does not know is shown beside the number.
    return `${product.price.toFixed(2)} ${product.currency}`;
  }
}

const FONT = 'font:14px/1.4 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937';
const LINK_STYLE = 'color:#4f46e5;font-weight:600;text-decoration:none';

function productCell(product: RecommendedProduct, imageSize: number): { image: string; details: string } {
  const href = product.url && /^https?:\/\//i.test(product.url) ? escapeHtml(product.url) : null;
  const link = (inner: string) => (href ? `<a href="${href}" data-postlark-link="${RECOMMENDED_LINK}" style="${LINK_STYLE}">${inner}</a>` : inner);
  const image =
    product.image_url && /^https?:\/\//i.test(product.image_url)
      ? // Not a link itself: the plain-text version would show its address with no words to it.
        `<img src="${escapeHtml(product.image_url)}" width="${imageSize}" height="${imageSize}" alt="${escapeHtml(product.title)}" style="display:block;width:${imageSize}px;height:${imageSize}px;object-fit:cover;border:0;border-radius:6px">`
      : '';
  const price = priceText(product);
  const details = `<div style="${FONT};font-weight:600;margin:8px 0 2px">${escapeHtml(product.title)}</div>${price ? `<div style="${FONT};color:#4b5563;margin:0 0 6px">${escapeHtml(price)}</div>` : ''}${link(href ? BLOCK_MESSAGES.view : '')}`;
  return { image, details };
}

/** The products as email clients lay out reliably: a table, three to a row in a grid, one a row in a list. */
export function productsHtml(products: readonly RecommendedProduct[], layout: RecommendationLayout): string {
  if (products.length === 0) return '';
  const table = (rows: string) => `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:16px 0">${rows}</table>`;
  if (layout === 'list') {
    return table(
      products
        .map((product) => {
          const { image, details } = productCell(product, 96);
          return `<tr><td width="112" valign="top" style="padding:8px 16px 8px 0;width:112px">${image}</td><td valign="top" style="padding:8px 0">${details}</td></tr>`;
        })
        .join(''),
    );
  }
  const rows: string[] = [];
  for (let first = 0; first < products.length; first += 3) {
    const cells = products.slice(first, first + 3).map((product) => {
      const { image, details } = productCell(product, 168);
      return `<td width="33%" valign="top" style="padding:8px;width:33%">${image}${details}</td>`;
    });
    rows.push(`<tr>${cells.join('')}</tr>`);
  }
  return table(rows.join(''));
}
