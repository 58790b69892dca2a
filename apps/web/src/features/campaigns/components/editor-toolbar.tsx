import { type Editor, useEditorState } from '@tiptap/react';
import type { KeyboardEvent, ReactNode } from 'react';
import { BLOCK_TEXTS } from '../content-blocks';
import type { BlockKind } from './block-dialog';
import type { InsertKind } from './insert-dialog';
import { MergeTagMenu } from './merge-tag-menu';

// Stroke icons on a 24-unit grid; each button also carries its name for screen readers.
const ICONS = {
  bold: 'M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z',
  italic: 'M19 4h-9M14 20H5M15 4 9 20',
  bullets: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  numbers: 'M10 6h10M10 12h10M10 18h10M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1',
  link: 'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
  image: 'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM8.5 10a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM21 15l-5-5L5 21',
  button: 'M4 8h16a2 2 0 0 1 2 2v4a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-4a2 2 0 0 1 2-2zM8 12h8',
  divider: 'M3 12h18M8 6h8M8 18h8',
  products: 'M4 7h16l-1.5 12a2 2 0 0 1-2 2h-9a2 2 0 0 1-2-2zM9 7V5a3 3 0 0 1 6 0v2',
  condition: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  undo: 'M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3',
  redo: 'M15 14l5-5-5-5M20 9H9a5 5 0 0 0 0 10h3',
} as const;

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={ICONS[name]} />
    </svg>
  );
}

function ToolButton({ label, active, onClick, children, disabled }: { label: string; active?: boolean; onClick(): void; children: ReactNode; disabled?: boolean }) {
  return (
    <button
      type="button"
      className={`editor-toolbar__button${active ? ' editor-toolbar__button--active' : ''}`}
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      // Keeps the editor's selection: a click would otherwise move focus out before the command runs.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

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
  /** Content blocks (issue 21): a Recommended products block, or "Show only to…" around the selection. */
  onBlock?(kind: BlockKind): void;
  /** More tools at the end of the bar, such as the writing assistant's Rewrite. */
  extra?: ReactNode;
}

/** Headings, bold and italic, lists, link, image, button, divider and merge tags. */
export function EditorToolbar({ editor, onInsert, onMergeTag, onBlock, extra }: EditorToolbarProps) {
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
        </span>
      )}
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
