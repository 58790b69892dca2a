import { COLUMN_COUNTS, LAYOUT_ATTRIBUTES, LAYOUT_KINDS, spacerHeight, SPACER_HEIGHT } from '@postlark/shared/layout-blocks';
import { Fragment, type Node as PmNode, Slice } from '@tiptap/pm/model';
import { type Command, Plugin, PluginKey, TextSelection } from '@tiptap/pm/state';
import { Node } from '@tiptap/react';
import { LAYOUT_EDITOR_TEXTS } from '../layout-texts';
import { topLevelBlock } from './block-moves';

// Layout blocks (issue 33), written exactly as @postlark/shared/layout-blocks defines them: the
// server reads these attributes and lays the message out for mail clients. Nothing the editor
// draws for itself (the spacer's height, its label) goes into the HTML.

const layoutTag = (kind: string) => `div[${LAYOUT_ATTRIBUTES.layout}="${kind}"]`;

/** How many columns blocks sit inside a column, however deep (a column inside a "Show only to…" inside a column). */
function nestedColumns(doc: PmNode): number {
  let count = 0;
  doc.descendants((node) => {
    if (node.type.name !== LAYOUT_KINDS.column) return true;
    node.descendants((inner) => {
      if (inner.type.name === LAYOUT_KINDS.columns) count += 1;
    });
    return false;
  });
  return count;
}

/** The fragment with every columns block replaced by its columns' contents, one after the other. */
function unwrapColumns(fragment: Fragment): Fragment {
  const nodes: PmNode[] = [];
  fragment.forEach((node) => {
    if (node.type.name === LAYOUT_KINDS.columns) node.forEach((column) => unwrapColumns(column.content).forEach((inner) => nodes.push(inner)));
    else nodes.push(node.isLeaf ? node : node.copy(unwrapColumns(node.content)));
  });
  return Fragment.from(nodes);
}

function insideColumn(selection: { $from: { depth: number; node(depth: number): PmNode } }): boolean {
  for (let depth = selection.$from.depth; depth > 0; depth -= 1) if (selection.$from.node(depth).type.name === LAYOUT_KINDS.column) return true;
  return false;
}

// Mail clients cannot lay out columns inside columns (the server writes each columns block as one
// row), so a change that would put one there is refused, and a paste into a column unwraps it.
// A document that already holds one (written through the API) still takes every other change.
const columnsNesting = new Plugin({
  key: new PluginKey('postlarkColumnsNesting'),
  filterTransaction: (tr) => !tr.docChanged || nestedColumns(tr.doc) <= nestedColumns(tr.before),
  props: {
    transformPasted: (slice, view) => {
      let hasColumns = false;
      slice.content.descendants((node) => {
        hasColumns ||= node.type.name === LAYOUT_KINDS.columns;
        return !hasColumns;
      });
      return hasColumns && insideColumn(view.state.selection) ? Slice.maxOpen(unwrapColumns(slice.content)) : slice;
    },
  },
});

export const Column = Node.create({
  name: LAYOUT_KINDS.column,
  content: 'block+',
  // Backspace at a column's start, or Enter on its last empty line, stays inside it.
  isolating: true,
  parseHTML() {
    return [{ tag: layoutTag(LAYOUT_KINDS.column) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', { [LAYOUT_ATTRIBUTES.layout]: LAYOUT_KINDS.column, ...HTMLAttributes }, 0];
  },
});

export const Columns = Node.create({
  name: LAYOUT_KINDS.columns,
  group: 'block',
  content: `${LAYOUT_KINDS.column}{${COLUMN_COUNTS.min},${COLUMN_COUNTS.max}}`,
  draggable: true,
  isolating: true,
  parseHTML() {
    return [{ tag: layoutTag(LAYOUT_KINDS.columns) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', { [LAYOUT_ATTRIBUTES.layout]: LAYOUT_KINDS.columns, ...HTMLAttributes }, 0];
  },
  addProseMirrorPlugins() {
    return [columnsNesting];
  },
});

export const Spacer = Node.create({
  name: LAYOUT_KINDS.spacer,
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return {
      height: { default: SPACER_HEIGHT.initial, parseHTML: (element) => spacerHeight(element.getAttribute(LAYOUT_ATTRIBUTES.height)), renderHTML: (attrs) => ({ [LAYOUT_ATTRIBUTES.height]: String(attrs.height) }) },
    };
  },
  parseHTML() {
    return [{ tag: layoutTag(LAYOUT_KINDS.spacer) }];
  },
  renderHTML({ node, HTMLAttributes }) {
    // The height right after the kind, as the shared format writes it; the visibility after them.
    return ['div', { [LAYOUT_ATTRIBUTES.layout]: LAYOUT_KINDS.spacer, [LAYOUT_ATTRIBUTES.height]: String(node.attrs.height), ...HTMLAttributes }];
  },
  // In the editor the strip is as tall as the space it leaves; the height is set through the style
  // object, which the Content-Security-Policy allows where it refuses a style attribute.
  addNodeView() {
    return ({ node, HTMLAttributes }) => {
      const dom = document.createElement('div');
      dom.setAttribute(LAYOUT_ATTRIBUTES.layout, LAYOUT_KINDS.spacer);
      for (const [name, value] of Object.entries(HTMLAttributes)) if (value !== null && value !== undefined) dom.setAttribute(name, String(value));
      dom.className = 'layout-spacer';
      dom.style.height = `${node.attrs.height as number}px`;
      const label = document.createElement('span');
      label.className = 'layout-spacer__label';
      label.textContent = LAYOUT_EDITOR_TEXTS.spacerLabel(node.attrs.height as number);
      dom.append(label);
      // Another height or visibility draws it anew, from the attributes as rendered.
      return { dom, update: (updated: PmNode) => updated.sameMarkup(node) };
    };
  },
});

/**
 * A columns block of `count` columns, each with an empty paragraph, after the top-level block the
 * cursor is in (in its place when that is an empty paragraph), with the cursor in the first column.
 */
export function insertColumns(count: number): Command {
  return (state, dispatch) => {
    const { schema } = state;
    const columns = schema.nodes.columns!.create(null, Array.from({ length: count }, () => schema.nodes.column!.create(null, schema.nodes.paragraph!.create())));
    const block = topLevelBlock(state);
    const replaces = block !== null && block.node.type.name === 'paragraph' && block.node.content.size === 0;
    const at = block ? (replaces ? block.pos : block.pos + block.node.nodeSize) : state.selection.from;
    if (!dispatch) return true;
    // StarterKit's trailing node puts a paragraph after columns that end the message, to write below them.
    const tr = state.tr.replaceWith(at, replaces ? at + block.node.nodeSize : at, columns);
    // Inside the columns, the first column, its paragraph.
    dispatch(tr.setSelection(TextSelection.create(tr.doc, at + 3)).scrollIntoView());
    return true;
  };
}
