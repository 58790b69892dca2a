import { type Editor, useEditorState } from '@tiptap/react';
import type { KeyboardEvent, ReactNode } from 'react';
import { LAYOUT_TEXTS } from '@postlark/shared/layout-blocks';
import { SECTION_TEXTS } from '@postlark/shared/saved-sections';
import { LAYOUT_EDITOR_TEXTS } from '../layout-texts';
import { BLOCK_TEXTS } from '../content-blocks';
import type { BlockKind } from './block-dialog';
import type { InsertKind } from './insert-dialog';
import { BlockControl } from './block-control';
import { MergeTagMenu } from './merge-tag-menu';
import { Icon, ToolButton } from './toolbar-button';

/**
 * Left and Right move between the toolbar's controls, as in any toolbar (Tab reaches each too).
 * Not from the style choice, whose arrows change the style, nor inside the merge-tag menu.
 */
function moveAlongToolbar(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
  const target = event.target as HTMLElement;
  if (target.tagName === 'SELECT' || target.closest('[role="menu"]')) return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('select, button:not([disabled])')].filter((control) => !control.closest('[role="menu"]'));
  const at = controls.indexOf(target);
  if (at < 0) return;
  event.preventDefault();
  controls[(at + (event.key === 'ArrowRight' ? 1 : controls.length - 1)) % controls.length]?.focus();
}

interface EditorToolbarProps {
  editor: Editor;
  onInsert(kind: InsertKind): void;
  onMergeTag(tag: string): void;
  /** Content blocks (issue 21): a Recommended products block, or "Show only to…" around the selection; layout blocks (issue 33): columns or a spacer. */
  onBlock?(kind: BlockKind): void;
  /** Saved sections (issue 33, point 5): insert one, or save the selection as one. */
  onSection?(): void;
  /** More tools at the end of the bar, such as the writing assistant's Rewrite. */
  extra?: ReactNode;
}

/** Headings, bold and italic, lists, link, image, button, divider, content and layout blocks, the Block control and merge tags. */
export function EditorToolbar({ editor, onInsert, onMergeTag, onBlock, onSection, extra }: EditorToolbarProps) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      block: current.isActive('heading', { level: 1 }) ? 'h1' : current.isActive('heading', { level: 2 }) ? 'h2' : current.isActive('heading', { level: 3 }) ? 'h3' : 'p',
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bullets: current.isActive('bulletList'),
      numbers: current.isActive('orderedList'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  function setBlock(value: string) {
    const chain = editor.chain().focus();
    if (value === 'p') chain.setParagraph().run();
    else chain.setHeading({ level: Number(value.slice(1)) as 1 | 2 | 3 }).run();
  }

  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Formatting" onKeyDown={moveAlongToolbar}>
      <select className="editor-toolbar__select" aria-label="Text style" value={state.block} onChange={(event) => setBlock(event.target.value)}>
        <option value="p">Paragraph</option>
        <option value="h1">Heading 1</option>
        <option value="h2">Heading 2</option>
        <option value="h3">Heading 3</option>
      </select>
      <span className="editor-toolbar__group">
        <ToolButton label="Bold" active={state.bold} onClick={() => editor.chain().focus().toggleBold().run()}>
          <Icon name="bold" />
        </ToolButton>
        <ToolButton label="Italic" active={state.italic} onClick={() => editor.chain().focus().toggleItalic().run()}>
          <Icon name="italic" />
        </ToolButton>
      </span>
      <span className="editor-toolbar__group">
        <ToolButton label="Bulleted list" active={state.bullets} onClick={() => editor.chain().focus().toggleBulletList().run()}>
          <Icon name="bullets" />
        </ToolButton>
        <ToolButton label="Numbered list" active={state.numbers} onClick={() => editor.chain().focus().toggleOrderedList().run()}>
          <Icon name="numbers" />
        </ToolButton>
      </span>
      <span className="editor-toolbar__group">
        <ToolButton label={state.link ? 'Remove link' : 'Link'} active={state.link} onClick={() => (state.link ? editor.chain().focus().unsetLink().run() : onInsert('link'))}>
          <Icon name="link" />
        </ToolButton>
        <ToolButton label="Image" onClick={() => onInsert('image')}>
          <Icon name="image" />
        </ToolButton>
        <ToolButton label="Button" onClick={() => onInsert('button')}>
          <Icon name="button" />
        </ToolButton>
        <ToolButton label="Divider" onClick={() => editor.chain().focus().setHorizontalRule().run()}>
          <Icon name="divider" />
        </ToolButton>
      </span>
      {onBlock && (
        <span className="editor-toolbar__group">
          <ToolButton label={BLOCK_TEXTS.recommendations} onClick={() => onBlock('recommendations')}>
            <Icon name="products" />
          </ToolButton>
          <ToolButton label={BLOCK_TEXTS.showOnlyTo} onClick={() => onBlock('condition')}>
            <Icon name="condition" />
          </ToolButton>
          <ToolButton label={LAYOUT_EDITOR_TEXTS.columns} onClick={() => onBlock('columns')}>
            <Icon name="columns" />
          </ToolButton>
          <ToolButton label={LAYOUT_TEXTS.spacer} onClick={() => onBlock('spacer')}>
            <Icon name="spacer" />
          </ToolButton>
          {onSection && (
            <ToolButton label={SECTION_TEXTS.insert} onClick={onSection}>
              <Icon name="section" />
            </ToolButton>
          )}
        </span>
      )}
      <BlockControl editor={editor} />
      <span className="editor-toolbar__group">
        <ToolButton label="Undo" disabled={!state.canUndo} onClick={() => editor.chain().focus().undo().run()}>
          <Icon name="undo" />
        </ToolButton>
        <ToolButton label="Redo" disabled={!state.canRedo} onClick={() => editor.chain().focus().redo().run()}>
          <Icon name="redo" />
        </ToolButton>
      </span>
      <MergeTagMenu onInsert={onMergeTag} />
      {extra}
    </div>
  );
}
