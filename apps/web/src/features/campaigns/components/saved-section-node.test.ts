// @vitest-environment happy-dom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { sectionReferenceHtml } from '@postlark/shared/saved-sections';
import { editorExtensions } from './editor-extensions';

// A saved section's block through the editor's own schema, headless: only the reference is
// written back, exactly as the server reads it, whatever the editor draws inside.

const ID = '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b';

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

describe('the saved section block', () => {
  it('keeps only the reference', () => {
    const html = `<p>Hello</p>${sectionReferenceHtml(ID)}<p>After</p>`;
    editor = new Editor({ extensions: editorExtensions(), content: html, injectCSS: false });
    expect(editor.getHTML()).toBe(html);
    // Content put inside a reference by hand is not kept: the server fills it in (the paragraph after is the editor's, to write below it).
    editor.commands.setContent(`<div data-postlark-section="${ID}"><p>Stale copy</p></div>`);
    expect(editor.getHTML()).toBe(`${sectionReferenceHtml(ID)}<p></p>`);
  });
});
