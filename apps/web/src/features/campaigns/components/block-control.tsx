import { type HideOn, hideOnValue, LAYOUT_TEXTS } from '@postlark/shared/layout-blocks';
import { type Editor, useEditorState } from '@tiptap/react';
import { LAYOUT_EDITOR_TEXTS } from '../layout-texts';
import { moveBlock, type MoveDirection } from './block-moves';
import { blockHideOn, setBlockHideOn } from './hide-on';
import { Icon, ToolButton } from './toolbar-button';

/**
 * The toolbar's Block control (issue 33): on which devices the top-level block the cursor is in
 * shows, and Move up / Move down (Alt+ArrowUp / Alt+ArrowDown from the editor do the same).
 */
export function BlockControl({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      hideOn: blockHideOn(current.state),
      up: moveBlock('up')(current.state),
      down: moveBlock('down')(current.state),
    }),
  });

  // The view takes focus at once, as the editor's other tools do, so the cursor stays in the block.
  function move(direction: MoveDirection) {
    editor.view.focus();
    moveBlock(direction)(editor.state, editor.view.dispatch);
  }

  function setHideOn(value: HideOn | null) {
    editor.view.focus();
    setBlockHideOn(value)(editor.state, editor.view.dispatch);
  }

  return (
    <span className="editor-toolbar__group block-control" role="group" aria-label={LAYOUT_EDITOR_TEXTS.block}>
      <select
        className="editor-toolbar__select block-control__select"
        aria-label={LAYOUT_EDITOR_TEXTS.visibility}
        value={state.hideOn ?? ''}
        disabled={state.hideOn === undefined}
        onChange={(event) => setHideOn(hideOnValue(event.target.value))}
      >
        <option value="">{LAYOUT_TEXTS.showEverywhere}</option>
        <option value="phone">{LAYOUT_TEXTS.hideOnPhone}</option>
        <option value="desktop">{LAYOUT_TEXTS.hideOnDesktop}</option>
      </select>
      <ToolButton label={LAYOUT_EDITOR_TEXTS.moveUp} disabled={!state.up} onClick={() => move('up')}>
        <Icon name="moveUp" />
      </ToolButton>
      <ToolButton label={LAYOUT_EDITOR_TEXTS.moveDown} disabled={!state.down} onClick={() => move('down')}>
        <Icon name="moveDown" />
      </ToolButton>
    </span>
  );
}
