import { type HideOn as HideOnValue, hideOnValue, LAYOUT_ATTRIBUTES, LAYOUT_TEXTS } from '@postlark/shared/layout-blocks';
import type { Node as PmNode } from '@tiptap/pm/model';
import { type Command, type EditorState, Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { Extension } from '@tiptap/react';
import { topLevelBlock } from './block-moves';

// "Hidden on phones" / "Hidden on desktops" (issue 33): data-hide-on on a block, which the server
// turns into a media query. The editor marks such a block with a badge; its words come from a
// decoration (data-hide-label), so they are the shared texts and never reach the HTML.

/** The blocks that can be hidden on one kind of device. */
export const HIDEABLE_TYPES = ['paragraph', 'heading', 'image', 'horizontalRule', 'blockquote', 'bulletList', 'orderedList', 'columns', 'spacer', 'recommendationsBlock', 'conditionalBlock'];

export const HIDE_LABELS: Record<HideOnValue, string> = { phone: LAYOUT_TEXTS.hideOnPhone, desktop: LAYOUT_TEXTS.hideOnDesktop };

function badges(doc: PmNode): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, pos) => {
    const hideOn = hideOnValue(node.attrs.hideOn as string | null | undefined);
    if (hideOn) decorations.push(Decoration.node(pos, pos + node.nodeSize, { 'data-hide-label': HIDE_LABELS[hideOn], title: HIDE_LABELS[hideOn] }));
  });
  return DecorationSet.create(doc, decorations);
}

const hideOnBadges: Plugin<DecorationSet> = new Plugin<DecorationSet>({
  key: new PluginKey('postlarkHideOnBadges'),
  state: { init: (_config, state) => badges(state.doc), apply: (tr, old) => (tr.docChanged ? badges(tr.doc) : old) },
  props: { decorations: (state): DecorationSet | undefined => hideOnBadges.getState(state) },
});

export const HideOn = Extension.create({
  name: 'hideOn',
  addGlobalAttributes() {
    return [
      {
        types: HIDEABLE_TYPES,
        attributes: {
          hideOn: {
            default: null,
            parseHTML: (element) => hideOnValue(element.getAttribute(LAYOUT_ATTRIBUTES.hideOn)),
            renderHTML: (attrs) => (attrs.hideOn ? { [LAYOUT_ATTRIBUTES.hideOn]: attrs.hideOn as string } : {}),
          },
        },
      },
    ];
  },
  addProseMirrorPlugins() {
    return [hideOnBadges];
  },
});

/** The devices the top-level block the cursor is in is hidden on; undefined when that block cannot be hidden. */
export function blockHideOn(state: EditorState): HideOnValue | null | undefined {
  const block = topLevelBlock(state);
  if (!block || !HIDEABLE_TYPES.includes(block.node.type.name)) return undefined;
  return hideOnValue(block.node.attrs.hideOn as string | null);
}

/** Hides the top-level block the cursor is in on phones or desktops, or shows it on both (null). */
export function setBlockHideOn(value: HideOnValue | null): Command {
  return (state, dispatch) => {
    const block = topLevelBlock(state);
    if (!block || !HIDEABLE_TYPES.includes(block.node.type.name)) return false;
    dispatch?.(state.tr.setNodeAttribute(block.pos, 'hideOn', value));
    return true;
  };
}
