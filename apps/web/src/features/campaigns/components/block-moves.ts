import type { Node as PmNode } from '@tiptap/pm/model';
import { type Command, type EditorState, NodeSelection, Selection, TextSelection } from '@tiptap/pm/state';
import { Extension } from '@tiptap/react';

// Reordering by keyboard (issue 33): Alt+ArrowUp and Alt+ArrowDown, and the Block control's Move
// up and Move down, move the whole top-level block the cursor is in, since a message's layout is
// a stack of top-level blocks (the server lays each out as one row). Dragging is TipTap's own.

export type MoveDirection = 'up' | 'down';

/** The transaction's meta under this key tells the editor what to announce: a move, or why there was none. */
export const BLOCK_MOVE_META = 'postlarkBlockMove';
export interface BlockMove {
  direction: MoveDirection;
  moved: boolean;
}

export interface TopLevelBlock {
  node: PmNode;
  pos: number;
  index: number;
}

/** The top-level block the cursor is in, or the one selected; none for a whole-document selection or a gap between blocks. */
export function topLevelBlock(state: EditorState): TopLevelBlock | null {
  const { selection } = state;
  if (selection instanceof NodeSelection && selection.$from.depth === 0) return { node: selection.node, pos: selection.from, index: selection.$from.index(0) };
  const { $from } = selection;
  if ($from.depth === 0) return null;
  return { node: $from.node(1), pos: $from.before(1), index: $from.index(0) };
}

/** Swaps the top-level block with its neighbour; the cursor (or the node selection) stays where it was inside it. */
export function moveBlock(direction: MoveDirection): Command {
  return (state, dispatch) => {
    const block = topLevelBlock(state);
    if (!block) return false;
    const neighbourIndex = block.index + (direction === 'up' ? -1 : 1);
    if (neighbourIndex < 0 || neighbourIndex >= state.doc.childCount) return false;
    if (!dispatch) return true;
    const neighbour = state.doc.child(neighbourIndex);
    const start = direction === 'up' ? block.pos - neighbour.nodeSize : block.pos;
    const end = start + block.node.nodeSize + neighbour.nodeSize;
    const shift = direction === 'up' ? -neighbour.nodeSize : neighbour.nodeSize;
    const tr = state.tr.replaceWith(start, end, direction === 'up' ? [block.node, neighbour] : [neighbour, block.node]);
    const { selection } = state;
    const blockEnd = block.pos + block.node.nodeSize;
    if (selection instanceof NodeSelection) tr.setSelection(NodeSelection.create(tr.doc, selection.from + shift));
    else if (selection instanceof TextSelection && selection.to <= blockEnd) tr.setSelection(TextSelection.create(tr.doc, selection.anchor + shift, selection.head + shift));
    // A selection reaching past the block would now cover other blocks: it shrinks to where it started.
    else tr.setSelection(Selection.near(tr.doc.resolve(selection.from + shift)));
    dispatch(tr.setMeta(BLOCK_MOVE_META, { direction, moved: true } satisfies BlockMove).scrollIntoView());
    return true;
  };
}

export const BlockMoves = Extension.create({
  name: 'blockMoves',
  addKeyboardShortcuts() {
    const move = (direction: MoveDirection) => () => {
      const { state, view } = this.editor;
      if (!topLevelBlock(state)) return false;
      // At the top or the bottom the key is still taken, so the reader hears why nothing moved.
      if (!moveBlock(direction)(state, view.dispatch)) view.dispatch(state.tr.setMeta(BLOCK_MOVE_META, { direction, moved: false } satisfies BlockMove));
      return true;
    };
    return { 'Alt-ArrowUp': move('up'), 'Alt-ArrowDown': move('down') };
  },
});
