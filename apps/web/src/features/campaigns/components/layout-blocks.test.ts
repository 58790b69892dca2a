// @vitest-environment happy-dom
import { Editor } from '@tiptap/core';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { emailButtonHtml } from '@postlark/shared/email-button';
import { BLOCK_MOVE_META, moveBlock } from './block-moves';
import { editorExtensions } from './editor-extensions';
import { blockHideOn, setBlockHideOn } from './hide-on';
import { insertColumns } from './layout-block-nodes';

// Layout blocks (issue 33) through the editor's own schema, headless: what is loaded is what is
// written back, exactly as the server reads it, and the commands change only what they say.

const COLUMNS = '<div data-postlark-layout="columns"><div data-postlark-layout="column"><p>Left</p></div><div data-postlark-layout="column"><h2>Right</h2><p>More</p></div></div>';
const SPACER = '<div data-postlark-layout="spacer" data-height="24"></div>';

let editor: Editor | null = null;
function load(html: string): Editor {
  editor = new Editor({ extensions: editorExtensions(), content: html, injectCSS: false });
  return editor;
}
afterEach(() => {
  editor?.destroy();
  editor = null;
});

/** The position inside the first text that contains `text`. */
function textPos(current: Editor, text: string): number {
  let found = -1;
  current.state.doc.descendants((node, pos) => {
    if (found < 0 && node.isText && node.text?.includes(text)) found = pos + node.text.indexOf(text);
    return found < 0;
  });
  if (found < 0) throw new Error(`no text ${text}`);
  return found;
}

function cursorAt(current: Editor, text: string) {
  current.view.dispatch(current.state.tr.setSelection(TextSelection.create(current.state.doc, textPos(current, text) + 1)));
}

describe('layout blocks in the editor', () => {
  it('writes back columns, spacers and hidden blocks exactly as they were loaded', () => {
    const html = [
      '<h1 data-hide-on="desktop">Hello</h1>',
      COLUMNS,
      SPACER,
      '<div data-postlark-layout="columns" data-hide-on="phone"><div data-postlark-layout="column"><p>A</p></div><div data-postlark-layout="column"><p>B</p></div><div data-postlark-layout="column"><ul><li><p>C</p></li></ul></div></div>',
      '<div data-postlark-layout="spacer" data-height="48" data-hide-on="phone"></div>',
      '<p data-hide-on="phone">Only on desktops</p>',
      '<blockquote data-hide-on="desktop"><p>Quote</p></blockquote>',
      '<hr data-hide-on="phone">',
      '<ul data-hide-on="phone"><li><p>One</p></li></ul>',
      '<ol data-hide-on="desktop"><li><p>Two</p></li></ol>',
    ].join('');
    expect(load(html).getHTML()).toBe(html);
  });

  it('keeps buttons, content blocks and images, inside columns too', () => {
    const button = emailButtonHtml('https://shop.example/sale', 'Shop the sale');
    const html = [
      `<div data-postlark-layout="columns"><div data-postlark-layout="column">${button}</div><div data-postlark-layout="column"><div data-postlark-block="recommendations" data-count="3" data-layout="grid" data-hide-on="phone"></div><img src="https://media.example/logo.png" alt="Logo" data-hide-on="desktop"></div></div>`,
      `<div data-postlark-if="%7B%7D" data-label="Pro" data-hide-on="desktop"><p>Pro only</p></div>`,
      button,
    ].join('');
    const written = load(html).getHTML();
    // The button keeps its class, link and look, in a column and outside, and stays so written again.
    expect(written.match(/<p><a [^>]*class="email-button" href="https:\/\/shop.example\/sale" style="display: inline-block;[^"]*"><strong>Shop the sale<\/strong><\/a><\/p>/g)).toHaveLength(2);
    expect(load(written).getHTML()).toBe(written);
    expect(written).toContain('<div data-hide-on="phone" data-count="3" data-layout="grid" data-postlark-block="recommendations"');
    expect(written).toContain('<div data-hide-on="desktop" data-postlark-if="%7B%7D" data-label="Pro"');
    expect(written.startsWith('<div data-postlark-layout="columns"><div data-postlark-layout="column"><p><a ')).toBe(true);
    expect(written).toMatch(/<img [^>]*data-hide-on="desktop" src="https:\/\/media.example\/logo.png" alt="Logo"><\/div><\/div>/);
  });

  it('reads an unknown visibility and an out-of-range height as the defaults', () => {
    expect(load('<p data-hide-on="tablet">x</p><div data-postlark-layout="spacer" data-height="500"></div><div data-postlark-layout="spacer" data-height="tall"></div>').getHTML()).toBe(
      '<p>x</p><div data-postlark-layout="spacer" data-height="96"></div><div data-postlark-layout="spacer" data-height="24"></div>',
    );
  });

  it('inserts columns, each with an empty paragraph, with the cursor in the first', () => {
    const current = load('<p>Intro</p>');
    cursorAt(current, 'Intro');
    expect(insertColumns(3)(current.state, current.view.dispatch)).toBe(true);
    current.commands.insertContent('Left');
    expect(current.getHTML()).toBe(
      '<p>Intro</p><div data-postlark-layout="columns"><div data-postlark-layout="column"><p>Left</p></div><div data-postlark-layout="column"><p></p></div><div data-postlark-layout="column"><p></p></div></div><p></p>',
    );
  });

  it('never puts a columns block inside a column', () => {
    const current = load(`${COLUMNS}<p>After</p>`);
    cursorAt(current, 'Left');
    const before = current.getHTML();
    // Inserted from the toolbar inside a column: it goes after the columns block, not into it.
    insertColumns(2)(current.state, current.view.dispatch);
    expect(current.state.doc.child(0).toString()).toBe(load(before).state.doc.child(0).toString());
    expect(current.state.doc.child(1).type.name).toBe('columns');
    // Put there directly, the change is refused.
    const inside = textPos(current, 'Left');
    current.view.dispatch(current.state.tr.insert(inside - 1, current.schema.nodeFromJSON({ type: 'columns', content: [{ type: 'column', content: [{ type: 'paragraph' }] }, { type: 'column', content: [{ type: 'paragraph' }] }] })));
    expect(current.state.doc.child(0).toString()).toBe(load(before).state.doc.child(0).toString());
  });

  it('unwraps a columns block pasted into a column', () => {
    const current = load(`${COLUMNS}<p>After</p>`);
    cursorAt(current, 'More');
    const pasted = load('<div data-postlark-layout="columns"><div data-postlark-layout="column"><p>X</p></div><div data-postlark-layout="column"><p>Y</p></div></div>');
    current.view.pasteHTML(pasted.getHTML());
    // Pasted into "More" after its M, the columns' paragraphs land as two paragraphs would.
    expect(current.getHTML()).toBe(`${COLUMNS.replace('<p>More</p>', '<p>MX</p><p>Yore</p>')}<p>After</p>`);
  });

  it('moves the top-level block the cursor is in, keeping the cursor in it', () => {
    const current = load(`<p>First</p>${COLUMNS}<p>Last</p>`);
    cursorAt(current, 'Right');
    const moves: unknown[] = [];
    current.on('transaction', ({ transaction }) => moves.push(transaction.getMeta(BLOCK_MOVE_META)));
    expect(moveBlock('up')(current.state, current.view.dispatch)).toBe(true);
    expect(current.getHTML()).toBe(`${COLUMNS}<p>First</p><p>Last</p>`);
    expect(current.state.selection.$from.parent.textContent).toBe('Right');
    expect(moves).toEqual([{ direction: 'up', moved: true }]);
    // Already first: nothing moves.
    expect(moveBlock('up')(current.state, current.view.dispatch)).toBe(false);
    cursorAt(current, 'First');
    expect(moveBlock('down')(current.state, current.view.dispatch)).toBe(true);
    expect(current.getHTML()).toBe(`${COLUMNS}<p>Last</p><p>First</p>`);
    expect(current.state.selection.$from.parent.textContent).toBe('First');
    expect(current.state.selection.from).toBe(textPos(current, 'First') + 1);
  });

  it('moves a selected node and keeps it selected', () => {
    const current = load(`<p>Top</p>${SPACER}`);
    current.view.dispatch(current.state.tr.setSelection(NodeSelection.create(current.state.doc, current.state.doc.child(0).nodeSize)));
    expect(moveBlock('up')(current.state, current.view.dispatch)).toBe(true);
    // StarterKit's trailing node leaves a paragraph to write in after the last block.
    expect(current.getHTML()).toBe(`${SPACER}<p>Top</p><p></p>`);
    expect(current.state.selection).toBeInstanceOf(NodeSelection);
    expect((current.state.selection as NodeSelection).node.type.name).toBe('spacer');
  });

  it('moves by Alt+ArrowUp and Alt+ArrowDown', () => {
    const current = load('<p>One</p><p>Two</p>');
    cursorAt(current, 'Two');
    const press = (key: string) => current.view.someProp('handleKeyDown', (handle) => handle(current.view, new KeyboardEvent('keydown', { key, altKey: true })));
    press('ArrowUp');
    expect(current.getHTML()).toBe('<p>Two</p><p>One</p>');
    press('ArrowDown');
    expect(current.getHTML()).toBe('<p>One</p><p>Two</p>');
  });

  it('hides the top-level block the cursor is in on phones or desktops', () => {
    const current = load(`${COLUMNS}<p>After</p>`);
    cursorAt(current, 'More');
    expect(blockHideOn(current.state)).toBeNull();
    setBlockHideOn('phone')(current.state, current.view.dispatch);
    expect(blockHideOn(current.state)).toBe('phone');
    expect(current.getHTML()).toBe(`${COLUMNS.replace('"columns">', '"columns" data-hide-on="phone">')}<p>After</p>`);
    setBlockHideOn(null)(current.state, current.view.dispatch);
    expect(current.getHTML()).toBe(`${COLUMNS}<p>After</p>`);
  });
});
