import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { BlockMoves } from './block-moves';
import { ConditionalBlock, RecommendationsBlock } from './content-block-nodes';
import { EmailLink } from './email-link';
import { HideOn } from './hide-on';
import { Column, Columns, Spacer } from './layout-block-nodes';
import { SavedSectionBlock } from './saved-section-node';

// The campaign editor's schema in one place, so the editor and the tests that load HTML into a
// headless editor read and write campaigns the same way.

export function editorExtensions() {
  return [
    StarterKit.configure({ link: false, code: false, codeBlock: false, heading: { levels: [1, 2, 3] } }),
    EmailLink,
    Image.configure({ HTMLAttributes: { style: 'max-width:100%;height:auto;' } }),
    RecommendationsBlock,
    ConditionalBlock,
    Columns,
    Column,
    Spacer,
    SavedSectionBlock,
    HideOn,
    BlockMoves,
  ];
}
