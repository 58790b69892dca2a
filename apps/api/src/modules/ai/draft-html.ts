import { Parser } from 'htmlparser2';
import { BLOCK_ATTRIBUTES, decodeCondition, encodeCondition, RECOMMENDATION_COUNT, RECOMMENDATION_LAYOUTS } from '@postlark/shared/content-blocks';
import { escapeHtml } from '../../lib/html';

// A drafted campaign is HTML a model wrote: it goes into the editor only as the markup the rich
// text editor keeps (StarterKit without code, headings 1-3, links, images: see apps/web's
// rich-text-editor.tsx), every other tag unwrapped to its text, every attribute dropped but a
// link's http(s)/mailto href and an image's http(s) src and alt, and the editor's content blocks
// (a div with a readable block or condition). Scripts and styles go whole.

const KEPT = new Set(['p', 'br', 'h1', 'h2', 'h3', 'strong', 'b', 'em', 'i', 's', 'ul', 'ol', 'li', 'blockquote', 'hr', 'a', 'img']);
const VOID = new Set(['br', 'hr', 'img']);
/** Their content is not text for a reader either. */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'head', 'title', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math', 'textarea', 'select']);
/** Lower-level headings become the lowest the editor has. */
const RENAMED: Record<string, string> = { h4: 'h3', h5: 'h3', h6: 'h3', strike: 's', del: 's' };

/**
 * The editor's content blocks (issue 21) kept as the editor writes them, their attributes read
 * and written again (a condition re-encoded, a count within range); null for any other div.
 */
function blockDiv(attributes: Record<string, string>): string | null {
  if (attributes[BLOCK_ATTRIBUTES.block] === 'recommendations') {
    const count = Number(attributes[BLOCK_ATTRIBUTES.count]);
    const layout = attributes[BLOCK_ATTRIBUTES.layout] ?? '';
    const kept = Number.isInteger(count) && count >= RECOMMENDATION_COUNT.min && count <= RECOMMENDATION_COUNT.max ? count : RECOMMENDATION_COUNT.initial;
    return `<div ${BLOCK_ATTRIBUTES.block}="recommendations" ${BLOCK_ATTRIBUTES.count}="${kept}" ${BLOCK_ATTRIBUTES.layout}="${(RECOMMENDATION_LAYOUTS as readonly string[]).includes(layout) ? layout : 'grid'}">`;
  }
  const encoded = attributes[BLOCK_ATTRIBUTES.condition];
  const condition = encoded === undefined ? null : decodeCondition(encoded);
  return condition ? `<div ${BLOCK_ATTRIBUTES.condition}="${encodeCondition(condition)}">` : null;
}

const safeUrl = (value: string | undefined, schemes: RegExp) => (value && schemes.test(value.trim()) ? value.trim() : null);

/**
 * The text of an answer without a Markdown code fence around it (```html … ```), by slicing: a
 * pattern for it backtracks on a long run of newlines.
 */
export function unfence(answer: string): string {
  const text = answer.trim();
  const firstLine = text.indexOf('\n');
  if (!text.startsWith('```') || !text.endsWith('```') || firstLine === -1) return text;
  // The opening line names the language at most ("```html").
  if (!/^[a-z]*$/i.test(text.slice(3, firstLine).trimEnd())) return text;
  return text.slice(firstLine + 1, -3).trim();
}

/** The markup the editor accepts, from whatever HTML came. Text outside any block is kept as it is (the editor wraps it). */
export function sanitiseDraftHtml(html: string): string {
  let out = '';
  let dropping = 0;
  const open: string[] = [];
  const divs: boolean[] = [];
  const parser = new Parser(
    {
      onopentag(rawName, attributes) {
        const name = RENAMED[rawName] ?? rawName;
        if (DROPPED_WITH_CONTENT.has(name)) {
          dropping += 1;
          return;
        }
        if (dropping > 0) return;
        if (name === 'div') {
          // Each div's start remembered: only a content block's end closes a kept div.
          const block = blockDiv(attributes);
          divs.push(block !== null);
          if (block) {
            out += block;
            open.push('div');
          }
          return;
        }
        if (!KEPT.has(name)) return;
        if (name === 'a') {
          const href = safeUrl(attributes.href, /^(https?:|mailto:)/i);
          out += href ? `<a href="${escapeHtml(href)}">` : '<a>';
        } else if (name === 'img') {
          const src = safeUrl(attributes.src, /^https?:/i);
          if (src) out += `<img src="${escapeHtml(src)}" alt="${escapeHtml(attributes.alt ?? '')}">`;
          return;
        } else out += `<${name}>`;
        if (!VOID.has(name)) open.push(name);
      },
      ontext(text) {
        // htmlparser2 decodes entities in text; escape again what could open markup.
        if (dropping === 0) out += escapeHtml(text);
      },
      onclosetag(rawName) {
        const name = RENAMED[rawName] ?? rawName;
        if (DROPPED_WITH_CONTENT.has(name)) {
          dropping = Math.max(0, dropping - 1);
          return;
        }
        if (dropping > 0) return;
        if (name === 'div' && !divs.pop()) return;
        if (name !== 'div' && (!KEPT.has(name) || VOID.has(name))) return;
        const at = open.lastIndexOf(name);
        if (at === -1) return;
        // Close what is still open inside it, so the output is always well nested.
        while (open.length > at) out += `</${open.pop()}>`;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  while (open.length > 0) out += `</${open.pop()}>`;
  // A link without a usable address keeps its text only.
  return out.replace(/<a>([\s\S]*?)<\/a>/g, '$1').trim();
}
