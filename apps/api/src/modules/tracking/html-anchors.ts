import { Tokenizer } from 'htmlparser2';

// The `<a>` start tags of a message read as a browser reads them, by a real HTML tokenizer in one
// linear pass: an "<a" inside a comment, a script or an attribute value is no link, and a tag
// that never closes is no tag. (A regex such as /<a\s[^>]*>/ rescans the rest of the input from
// every "<a " that has no ">", which is quadratic: a megabyte of them held the server for minutes.)

/** One attribute as written: its raw value (character references not decoded) and where that value sits. */
export interface HtmlAttribute {
  name: string;
  value: string;
  /** The value's offsets in the HTML, inside any quotes; -1 when the attribute has no value. */
  valueStart: number;
  valueEnd: number;
  quoted: boolean;
}

export interface HtmlAnchor {
  /** Where the tag's name ends: the place for a new attribute. */
  nameEnd: number;
  attributes: HtmlAttribute[];
}

const noop = () => {};

// The tokenizer's QuoteType (not exported by htmlparser2 8): 2 single, 3 double quotes.
const QUOTED = new Set([2, 3]);

/** Every `<a>` start tag in order, with the attributes of these (lower-case) names only. */
export function anchorsOf(html: string, names: readonly string[]): HtmlAnchor[] {
  const lengths = new Set(names.map((name) => name.length));
  const anchors: HtmlAnchor[] = [];
  let tag: HtmlAnchor | null = null;
  let attribute: HtmlAttribute | null = null;
  const closeTag = () => {
    if (tag) anchors.push(tag);
    tag = null;
  };
  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      onopentagname(start, end) {
        tag = end - start === 1 && (html[start] === 'a' || html[start] === 'A') ? { nameEnd: end, attributes: [] } : null;
      },
      onattribname(start, end) {
        // Other attributes are skipped unread: a tag may hold a megabyte of them.
        const name = tag && lengths.has(end - start) ? html.slice(start, end).toLowerCase() : '';
        attribute = names.includes(name) ? { name, value: '', valueStart: -1, valueEnd: -1, quoted: false } : null;
      },
      onattribdata(start, end) {
        if (!attribute) return;
        if (attribute.valueStart < 0) attribute.valueStart = start;
        attribute.valueEnd = end;
      },
      onattribend(quote) {
        if (!tag || !attribute) return;
        if (attribute.valueStart >= 0) attribute.value = html.slice(attribute.valueStart, attribute.valueEnd);
        attribute.quoted = QUOTED.has(quote);
        tag.attributes.push(attribute);
        attribute = null;
      },
      onopentagend: closeTag,
      onselfclosingtag: closeTag,
      onattribentity: noop,
      oncdata: noop,
      onclosetag: noop,
      oncomment: noop,
      ondeclaration: noop,
      onend: noop,
      onprocessinginstruction: noop,
      ontext: noop,
      ontextentity: noop,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return anchors;
}

/** The tag's first attribute of that name (as a browser uses the first), if any. */
export function attributeOf(anchor: HtmlAnchor, name: string): HtmlAttribute | undefined {
  return anchor.attributes.find((attribute) => attribute.name === name);
}
