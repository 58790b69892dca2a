import { LAYOUT_TEXTS } from '@postlark/shared/layout-blocks';

// What the editor says about layout blocks (issue 33) beyond the shared texts (LAYOUT_TEXTS):
// the toolbar's names, the insert dialogs and what a screen reader hears when a block moves.
// None of it is written into a campaign, so the server never needs it.

export const LAYOUT_EDITOR_TEXTS = {
  columns: 'Columns',
  columnCount: 'How many columns',
  insertColumns: 'Insert columns',
  spacerHeight: 'Height (px)',
  insertSpacer: 'Insert spacer',
  spacerLabel: (height: number) => `${LAYOUT_TEXTS.spacer}, ${height} px`,
  block: 'Block',
  visibility: 'Block visibility',
  moveUp: 'Move up',
  moveDown: 'Move down',
  movedUp: 'Moved up',
  movedDown: 'Moved down',
  atTop: 'Already the first block',
  atBottom: 'Already the last block',
} as const;
