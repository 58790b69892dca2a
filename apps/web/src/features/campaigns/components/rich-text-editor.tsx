import { EditorContent, useEditor } from '@tiptap/react';
import { TextSelection } from '@tiptap/pm/state';
import { DOMSerializer } from '@tiptap/pm/model';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { EditorSelectionHandle, ImageAltProps } from '../editor-assistant';
import { type PickedImage, useImageSource } from '../../../components/media/image-source';
import { encodeCondition } from '@postlark/shared/content-blocks';
import { emailButtonHtml } from '@postlark/shared/email-button';
import { BlockDialog, type BlockKind } from './block-dialog';
import { LAYOUT_EDITOR_TEXTS } from '../layout-texts';
import { BLOCK_MOVE_META, type BlockMove } from './block-moves';
import { editorExtensions } from './editor-extensions';
import { EditorToolbar } from './editor-toolbar';
import { useBrandButtonStyle } from '../hooks/use-brand-button-style';
import { InsertDialog, type InsertKind } from './insert-dialog';
import { insertColumns } from './layout-block-nodes';
import { SavedSectionDialog, type SectionDialogMode } from './saved-section-dialog';
import { EDIT_SECTION_EVENT } from './saved-section-node';
import './prosemirror-base.css';
import './rich-text-editor.css';
import './layout-blocks.css';

// TipTap is large, so this file is its own chunk, loaded when the editor is opened
// (campaign-content-editor.tsx): the dashboard's other pages never download it.

export interface RichTextEditorProps {
  /** The HTML it starts from; later changes come from the editor itself (remount to replace it). */
  initialHtml: string;
  onChange(html: string): void;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  /** Toolbar tools for the selection (the writing assistant's Rewrite), given the selection's handle. */
  selectionTools?: (handle: EditorSelectionHandle) => ReactNode;
  /** Beside an image's alt text field (the writing assistant's suggestion). */
  altTools?: (props: ImageAltProps) => ReactNode;
  /** Saved sections may be inserted: not in a section's own editor, as one cannot hold another. */
  sections?: boolean;
}

/** How far each side of the cursor the text around an image is read, in document positions. */
const AROUND_IMAGE = 1000;


/** The first file of a drop or paste that may be an image (the server checks its bytes). */
function firstImage(files: FileList | null | undefined): File | null {
  return [...(files ?? [])].find((file) => file.type.startsWith('image/')) ?? null;
}

export default function RichTextEditor({ initialHtml, onChange, labelledBy, describedBy, invalid, selectionTools, altTools, sections = true }: RichTextEditorProps) {
  const [inserting, setInserting] = useState<InsertKind | null>(null);
  const [sectionDialog, setSectionDialog] = useState<SectionDialogMode | null>(null);
  const [selectedText, setSelectedText] = useState('');
  const [blockKind, setBlockKind] = useState<BlockKind | null>(null);
  // An image dropped or pasted in: the Insert image dialog uploads it, asking its alt text first.
  const [droppedFile, setDroppedFile] = useState<File | null>(null);
  // The words around where an image goes, read when its dialog opens (an alt text is made from them).
  const [aroundImage, setAroundImage] = useState('');
  // Set when a layout block was inserted from its dialog: the cursor is put back once the dialog is gone.
  const focusAfterDialog = useRef(false);
  // What the live region last said about a block move; the count makes the same words a new message.
  const [moveNote, setMoveNote] = useState({ text: '', count: 0 });
  const buttonStyle = useBrandButtonStyle();
  const imageSource = useImageSource();
  const editor = useEditor({
    extensions: editorExtensions(),
    content: initialHtml,
    // TipTap would write its base CSS into a <style> element, which the Content-Security-Policy
    // (style-src 'self') refuses; the same rules come as a file (prosemirror-base.css).
    injectCSS: false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'rich-text-editor__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
      handleDrop: (view, event) => {
        const file = imageSource ? firstImage(event.dataTransfer?.files) : null;
        if (!file) return false;
        event.preventDefault();
        // It goes where it was dropped.
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        if (at) view.dispatch(view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(at.pos))));
        openImageUpload(file);
        return true;
      },
      handlePaste: (_view, event) => {
        const file = imageSource ? firstImage(event.clipboardData?.files) : null;
        if (!file) return false;
        event.preventDefault();
        openImageUpload(file);
        return true;
      },
    },
    // An empty editor still holds one empty paragraph; the campaign then has no content.
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onTransaction: ({ transaction }) => {
      const move = transaction.getMeta(BLOCK_MOVE_META) as BlockMove | undefined;
      if (!move) return;
      const text = move.direction === 'up' ? (move.moved ? LAYOUT_EDITOR_TEXTS.movedUp : LAYOUT_EDITOR_TEXTS.atTop) : move.moved ? LAYOUT_EDITOR_TEXTS.movedDown : LAYOUT_EDITOR_TEXTS.atBottom;
      setMoveNote((note) => ({ text, count: note.count + 1 }));
    },
  });

  // While a dialog is open the page behind it is inert and cannot take focus; the dialog gives it back
  // to the editor as it closes, and only then can the view put the browser's cursor where its own is.
  useEffect(() => {
    if (blockKind !== null || !focusAfterDialog.current) return;
    focusAfterDialog.current = false;
    editor.view.focus();
  }, [blockKind, editor]);

  // A section block's "Edit section" asks for the dialog that edits the section itself.
  // Heard on the editor's own wrapper, which exists from the first render: TipTap's view is
  // mounted later, and a view remounted for another campaign is a new element.
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const dom = frame.current;
    if (!sections || !dom) return;
    const open = (event: Event) => setSectionDialog({ kind: 'edit', id: (event as CustomEvent<string>).detail });
    dom.addEventListener(EDIT_SECTION_EVENT, open);
    return () => dom.removeEventListener(EDIT_SECTION_EVENT, open);
  }, [sections]);

  /** The selected blocks as HTML, to save as a new section that then takes their place. */
  function selectionHtml(): string {
    if (editor.state.selection.empty) return '';
    const holder = document.createElement('div');
    holder.append(DOMSerializer.fromSchema(editor.schema).serializeFragment(editor.state.selection.content().content));
    return holder.innerHTML;
  }

  function textAroundCursor(): string {
    const { from, to } = editor.state.selection;
    const doc = editor.state.doc;
    return doc.textBetween(Math.max(0, from - AROUND_IMAGE), Math.min(doc.content.size, to + AROUND_IMAGE), '\n', ' ').trim();
  }

  function openImageUpload(file: File) {
    setAroundImage(textAroundCursor());
    setDroppedFile(file);
    setSelectedText('');
    setInserting('image');
  }

  function insertImage(image: PickedImage) {
    setInserting(null);
    setDroppedFile(null);
    focusedChain().setImage({ src: image.url, alt: image.alt, width: image.width, height: image.height }).run();
  }

  function openInsert(kind: InsertKind) {
    setDroppedFile(null);
    const { from, to } = editor.state.selection;
    setSelectedText(editor.state.doc.textBetween(from, to, ' '));
    if (kind === 'image') setAroundImage(textAroundCursor());
    setInserting(kind);
  }

  // TipTap's focus command waits for the next animation frame: a key typed right after a click in
  // a menu or dialog would land on nothing and be lost. The view takes focus at once.
  function focusedChain() {
    editor.view.focus();
    return editor.chain().focus();
  }

  function insert(kind: InsertKind, url: string, text: string) {
    setInserting(null);
    const chain = focusedChain();
    if (kind === 'image') chain.setImage({ src: url, alt: text }).run();
    else if (kind === 'button') chain.insertContent(emailButtonHtml(url, text, buttonStyle)).run();
    else if (!editor.state.selection.empty && !text) chain.extendMarkRange('link').setLink({ href: url }).run();
    else chain.insertContent({ type: 'text', text: text || url, marks: [{ type: 'link', attrs: { href: url } }] }).insertContent(' ').run();
  }

  // The selection as text (blocks apart by a blank line), and its replacement only if that text is
  // still where it was: an answer that took a while never lands on what the customer typed since.
  const selection: EditorSelectionHandle = {
    read() {
      const { from, to } = editor.state.selection;
      const text = editor.state.doc.textBetween(from, to, '\n\n');
      return from === to || !text.trim() ? null : { from, to, text };
    },
    replace(range, html) {
      const size = editor.state.doc.content.size;
      if (range.to > size || editor.state.doc.textBetween(range.from, range.to, '\n\n') !== range.text) return false;
      return focusedChain().insertContentAt({ from: range.from, to: range.to }, html).run();
    },
  };

  return (
    <div ref={frame} className={`rich-text-editor${invalid ? ' rich-text-editor--invalid' : ''}`}>
      <EditorToolbar
        editor={editor}
        onInsert={openInsert}
        onMergeTag={(tag) => focusedChain().insertContent(tag).run()}
        onBlock={setBlockKind}
        onSection={sections ? () => setSectionDialog({ kind: 'insert', selectionHtml: selectionHtml() }) : undefined}
        extra={selectionTools?.(selection)}
      />
      <EditorContent editor={editor} />
      <p className="visually-hidden" aria-live="polite">
        {moveNote.text}
        {moveNote.count % 2 ? '\u00a0' : ''}
      </p>
      <InsertDialog
        kind={inserting}
        selectedText={selectedText}
        file={droppedFile}
        onInsert={insert}
        onInsertImage={insertImage}
        altTools={altTools ? (props) => altTools({ ...props, around: aroundImage }) : undefined}
        onClose={() => {
          setInserting(null);
          setDroppedFile(null);
        }}
      />
      {sections && (
        <SavedSectionDialog
          mode={sectionDialog}
          onClose={() => setSectionDialog(null)}
          onInsert={(id) => {
            setSectionDialog(null);
            // In place of the selection when it was saved as the section.
            focusedChain().insertContent({ type: 'savedSection', attrs: { id } }).run();
          }}
          contentEditor={(props) => <RichTextEditor {...props} sections={false} />}
        />
      )}
      <BlockDialog
        kind={blockKind}
        onClose={() => setBlockKind(null)}
        onRecommendations={(count, layout) => {
          setBlockKind(null);
          focusedChain().insertContent({ type: 'recommendationsBlock', attrs: { count, layout } }).run();
        }}
        onCondition={(condition, label) => {
          setBlockKind(null);
          // The selected blocks (or the one the cursor is in) go inside; nothing wrappable: a new paragraph inside.
          const attrs = { condition: encodeCondition(condition), label };
          if (!focusedChain().wrapIn('conditionalBlock', attrs).run()) focusedChain().insertContent({ type: 'conditionalBlock', attrs, content: [{ type: 'paragraph' }] }).run();
        }}
        onColumns={(count) => {
          insertColumns(count)(editor.state, editor.view.dispatch);
          focusAfterDialog.current = true;
          setBlockKind(null);
        }}
        onSpacer={(height) => {
          editor.commands.insertContent({ type: 'spacer', attrs: { height } });
          focusAfterDialog.current = true;
          setBlockKind(null);
        }}
      />
    </div>
  );
}
