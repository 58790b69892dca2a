import { EMAIL_BUTTON_CLASS } from '@postlark/shared/email-button';
import { EMAIL_WIDTH, hideOnValue, type HideOn, LAYOUT_ATTRIBUTES, LAYOUT_KINDS, spacerHeight } from '@postlark/shared/layout-blocks';
import render from 'dom-serializer';
import type { ChildNode, Comment, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import type { EmailLook } from './email-look';

// A campaign's content as the editor wrote it (layout blocks of @postlark/shared/layout-blocks,
// content blocks already turned into their marker comments, links already numbered), turned into
// MJML sections. Runs of text stay the customer's own HTML inside one mj-text; images, buttons,
// dividers, spacers and columns become MJML's elements, which MJML renders as the tables, ghost
// tables and fluid columns mail clients need (docs/decisions/014-email-layout-with-mjml.md).

/** The classes a block hidden on a device carries; the document's style sheet hides them (email-document.ts). */
export const HIDE_CLASSES: Record<HideOn, string> = { phone: 'postlark-hide-phone', desktop: 'postlark-hide-desktop' };
/** Each content section's class: what dark mode repaints. */
export const CARD_CLASS = 'postlark-card';
/** Each run of text's class: its links are repainted in dark mode, a button's are not. */
export const TEXT_CLASS = 'postlark-text';

/**
 * A link MJML draws itself (a button) carries its number in its rel, the one attribute of the link
 * MJML passes on; numberedLinks puts it back as the number tracking reads (tracked-html.ts).
 */
const LINK_REL = 'postlark-link-';
const DRAWN_NUMBER = / rel="postlark-link-(\d{1,9})"/g;
export const numberedLinks = (html: string) => html.replace(DRAWN_NUMBER, ' data-postlark-link="$1"');

/**
 * At most this many blocks are drawn as MJML's elements (each is a few tables); the rest stay in
 * the text around them, as written. More than any designed email has, and it keeps the largest
 * content's layout within a second and its HTML within what merge tags compile.
 */
export const DRAWN_LIMIT = 200;

export interface MjmlContent {
  /** The mj-body's sections. */
  sections: string;
}

const LINK_NUMBER = 'data-postlark-link';
// A marker of content-blocks.ts that opens or closes a "Show only to…" block: it must sit between
// whole sections (or a column's rows), so leaving a block out never leaves a table half open.
const CONDITION_MARKER = /^postlark-(?:if|endif):\d+$/;
/** The inner width of the message's column, in px: the widest an image is drawn. */
const CONTENT_WIDTH = EMAIL_WIDTH - 48;
const COLUMN_GAP = 16;
/** How much of an inline style is read for a button's colours: the editor's is under 200 characters. */
const STYLE_READ = 1000;

const attr = (value: string) => value.replaceAll('"', '&quot;').replaceAll('<', '&lt;');
const serialise = (nodes: ChildNode[]) => render(nodes, { decodeEntities: false, encodeEntities: false, selfClosingTags: true });

const isElement = (node: ChildNode): node is Element => node.type === 'tag';
const layoutKind = (node: ChildNode) => (isElement(node) && node.name === 'div' ? node.attribs[LAYOUT_ATTRIBUTES.layout] : undefined);
const isConditionMarker = (node: ChildNode): node is Comment => node.type === 'comment' && CONDITION_MARKER.test(node.data);
const isBlank = (node: ChildNode) => node.type === 'text' && node.data.trim() === '';

/** The button link a paragraph holds alone (`<p><a class="email-button">…</a></p>`), if it does. */
function buttonOf(node: Element): Element | null {
  if (node.name !== 'p') return null;
  const children = node.children.filter((child) => !isBlank(child));
  const only = children.length === 1 ? children[0] : undefined;
  if (!only || !isElement(only) || only.name !== 'a') return null;
  return (only.attribs.class ?? '').split(/\s+/).includes(EMAIL_BUTTON_CLASS) ? only : null;
}

/**
 * A CSS colour as the hex Outlook's bgcolor attribute reads: a browser writes the editor's inline
 * styles back as rgb(15, 118, 110), which bgcolor would misread as another colour. Hex stays
 * (#rgb widened), rgb() and opaque rgba() become hex, a colour name stays; anything else (a
 * gradient, a variable) is not a colour MJML can draw and yields to the kit's.
 */
export function mailColor(value: string): string | undefined {
  const text = value.trim().toLowerCase();
  if (text.length > 40) return undefined;
  if (text.startsWith('#')) {
    const digits = text.slice(1);
    if (![...digits].every((digit) => '0123456789abcdef'.includes(digit))) return undefined;
    if (digits.length === 6) return text;
    if (digits.length === 3) return `#${[...digits].map((digit) => digit + digit).join('')}`;
    return undefined;
  }
  const open = text.indexOf('(');
  if (open > 0 && text.endsWith(')') && (text.startsWith('rgb(') || text.startsWith('rgba('))) {
    const parts = text.slice(open + 1, -1).split(',').map((part) => part.trim());
    if (parts.length < 3 || parts.length > 4 || (parts.length === 4 && Number(parts[3]) !== 1)) return undefined;
    const channels = parts.slice(0, 3).map(Number);
    if (!channels.every((channel) => Number.isInteger(channel) && channel >= 0 && channel <= 255)) return undefined;
    return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
  }
  return [...text].every((letter) => letter >= 'a' && letter <= 'z') ? text : undefined;
}

/** The colours and corners a button's inline style gives, read declaration by declaration. */
function buttonStyle(style: string | undefined): { background?: string; color?: string; radius?: string } {
  const found: { background?: string; color?: string; radius?: string } = {};
  for (const declaration of (style ?? '').slice(0, STYLE_READ).split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!value) continue;
    if (name === 'background' || name === 'background-color') found.background = mailColor(value);
    else if (name === 'color') found.color = mailColor(value);
    else if (name === 'border-radius') found.radius = value;
  }
  return found;
}

interface Place {
  /** Horizontal padding of what is drawn here: the message's margin, or a column's. */
  padding: string;
  width: number;
}

class Translator {
  private drawn = 0;

  constructor(private readonly look: EmailLook) {}

  /** One block of a column (or of the message's one column) as MJML elements. */
  /** `classes`: MJML puts them on the row's cell it draws around the element (what hides it). */
  private item(node: Element, place: Place, classes: string[]): string {
    const kind = layoutKind(node);
    if (kind === LAYOUT_KINDS.spacer) return `<mj-spacer height="${spacerHeight(node.attribs[LAYOUT_ATTRIBUTES.height])}px"${classAttribute(classes)} />`;
    if (node.name === 'hr') return `<mj-divider padding="16px ${place.padding}" border-width="1px" border-color="${this.look.colors.primary}"${classAttribute(classes)} />`;
    if (node.name === 'img') {
      const width = Math.min(place.width, Number(node.attribs.width) > 0 ? Number(node.attribs.width) : place.width);
      return `<mj-image src="${attr(node.attribs.src ?? '')}" alt="${attr(node.attribs.alt ?? '')}" width="${Math.round(width)}px" padding="8px ${place.padding}"${classAttribute(classes)} />`;
    }
    const button = buttonOf(node);
    if (button) return this.button(button, place, classes);
    return this.text([node], place, classes);
  }

  private button(anchor: Element, place: Place, classes: string[]): string {
    const style = buttonStyle(anchor.attribs.style);
    const number = anchor.attribs[LINK_NUMBER];
    const { colors } = this.look;
    return (
      `<mj-button href="${attr(anchor.attribs.href ?? '')}" background-color="${attr(style.background ?? colors.button)}" color="${attr(style.color ?? colors.button_text)}"` +
      ` border-radius="${attr(style.radius ?? this.look.buttonRadius)}" padding="8px ${place.padding}"${number ? ` rel="${LINK_REL}${attr(number)}"` : ''}${classAttribute(classes)}>${serialise(anchor.children)}</mj-button>`
    );
  }

  private text(nodes: ChildNode[], place: Place, classes: string[] = []): string {
    return `<mj-text padding="0 ${place.padding}"${classAttribute([TEXT_CLASS, ...classes])}>${serialise(nodes)}</mj-text>`;
  }

  /** A column's (or the message's) blocks: runs of text kept together, the rest each as its element. */
  column(nodes: ChildNode[], place: Place): string {
    const items: string[] = [];
    let run: ChildNode[] = [];
    const flush = () => {
      if (run.some((node) => !isBlank(node))) items.push(this.text(run, place));
      run = [];
    };
    for (const node of nodes) {
      if (isConditionMarker(node)) {
        flush();
        items.push(`<mj-raw><!--${node.data}--></mj-raw>`);
        continue;
      }
      if (!isElement(node)) {
        run.push(node);
        continue;
      }
      const hideOn = hideOnValue(node.attribs[LAYOUT_ATTRIBUTES.hideOn]);
      const drawn = node.name === 'img' || node.name === 'hr' || layoutKind(node) === LAYOUT_KINDS.spacer || buttonOf(node) !== null;
      if ((!hideOn && !drawn) || this.drawn >= DRAWN_LIMIT) {
        run.push(node);
        continue;
      }
      this.drawn += 1;
      flush();
      const item = this.item(node, place, hideOn ? [HIDE_CLASSES[hideOn]] : []);
      items.push(hideOn === 'desktop' ? outsideOutlook(item) : item);
    }
    flush();
    return items.join('');
  }

  /** The message's top-level blocks as sections: columns blocks apart, markers between sections. */
  sections(nodes: ChildNode[]): string[] {
    const sections: string[] = [];
    let group: ChildNode[] = [];
    const full: Place = { padding: '24px', width: CONTENT_WIDTH };
    const flush = () => {
      const column = this.column(group, full);
      if (column) sections.push(`<mj-section css-class="${CARD_CLASS}"><mj-column>${column}</mj-column></mj-section>`);
      group = [];
    };
    for (const node of nodes) {
      if (isConditionMarker(node)) {
        flush();
        sections.push(`<mj-raw><!--${node.data}--></mj-raw>`);
      } else if (layoutKind(node) === LAYOUT_KINDS.columns && this.drawn < DRAWN_LIMIT) {
        this.drawn += 1;
        flush();
        sections.push(this.columns(node as Element));
      } else group.push(node);
    }
    flush();
    return sections;
  }

  private columns(node: Element): string {
    const columns = node.children.filter((child) => layoutKind(child) === LAYOUT_KINDS.column) as Element[];
    const place: Place = { padding: `${COLUMN_GAP / 2}px`, width: Math.floor((EMAIL_WIDTH - 2 * COLUMN_GAP) / Math.max(1, columns.length)) - COLUMN_GAP };
    // Space under each column: stacked on a phone, the next one does not touch the last one's button.
    const drawn = columns.map((column) => `<mj-column padding-bottom="16px">${this.column(column.children, place)}</mj-column>`).join('');
    const hideOn = hideOnValue(node.attribs[LAYOUT_ATTRIBUTES.hideOn]);
    const section = `<mj-section css-class="${CARD_CLASS}${hideOn ? ` ${HIDE_CLASSES[hideOn]}` : ''}" padding="8px ${COLUMN_GAP}px">${drawn}</mj-section>`;
    return hideOn === 'desktop' ? outsideOutlook(section) : section;
  }
}

/** Outlook for Windows reads no media query: what is hidden on desktops is never shown to it. */
const outsideOutlook = (mjml: string) => `<mj-raw><!--[if !mso]><!--></mj-raw>${mjml}<mj-raw><!--<![endif]--></mj-raw>`;

const classAttribute = (classes: string[]) => (classes.length > 0 ? ` css-class="${classes.join(' ')}"` : '');

// MJML reads its own tags anywhere in what it is given: one written into the content (through the
// API, the editor writes none) is unwrapped, and in raw text (comments, styles) made no tag.
// Recursive: extractBlocks (content-blocks.ts) has refused content nested past BLOCK_LIMITS.htmlDepth.
const MJML_TAG = /<(\/?)mj-/gi;

function withoutMjmlTags(nodes: ChildNode[]): ChildNode[] {
  return nodes.flatMap((node): ChildNode[] => {
    if (node.type === 'comment' || node.type === 'text') {
      node.data = node.data.replace(MJML_TAG, '<$1mj_');
      return [node];
    }
    if (!('children' in node)) return [node];
    const children = withoutMjmlTags(node.children);
    node.children = children;
    for (const child of children) child.parent = node;
    // Only a button the layout draws carries its number in rel (numberedLinks).
    if (isElement(node) && node.attribs.rel?.startsWith(LINK_REL)) delete node.attribs.rel;
    return isElement(node) && node.name.startsWith('mj-') ? children : [node];
  });
}

/** The content's sections and the links MJML draws. `html`: the editor's HTML, blocks as markers, links numbered. */
export function contentToMjml(html: string, look: EmailLook): MjmlContent {
  const document = parseDocument(html, { decodeEntities: false, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true });
  const translator = new Translator(look);
  const sections = translator.sections(withoutMjmlTags(document.children));
  return { sections: sections.join('\n') };
}

