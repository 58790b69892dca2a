import { SECTION_ATTRIBUTE, SECTION_TEXTS } from '@postlark/shared/saved-sections';
import { DOMParser as PmDOMParser, DOMSerializer, type Node as PmNode, type Schema } from '@tiptap/pm/model';
import { Node } from '@tiptap/react';
import { knownSection, onSectionsChange } from '../saved-sections-store';

// A saved section in a draft (issue 33, point 5): stored as a reference only, exactly
// `<div data-postlark-section="ID"></div>` (the server fills it in when it prepares the draft).
// The editor draws the section's current content read-only, under its name, with "Edit section",
// which asks the editor (an event it listens for) to open the dialog that edits the section itself.

/** The event an "Edit section" button sends up to the editor, with the section's id as detail. */
export const EDIT_SECTION_EVENT = 'postlark-edit-section';

/** The section's content through the editor's own schema: only what the editor itself can write is drawn, nothing runs. */
function contentNodes(schema: Schema, html: string): DocumentFragment | HTMLElement {
  // An inert document: its images load nothing and its handlers never run while it is parsed.
  const parsed = document.implementation.createHTMLDocument('');
  parsed.body.innerHTML = html;
  const doc = PmDOMParser.fromSchema(schema).parse(parsed.body);
  return DOMSerializer.fromSchema(schema).serializeFragment(doc.content);
}

export const SavedSectionBlock = Node.create({
  name: 'savedSection',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return { id: { default: '', parseHTML: (element) => element.getAttribute(SECTION_ATTRIBUTE) ?? '', renderHTML: (attrs) => ({ [SECTION_ATTRIBUTE]: String(attrs.id) }) } };
  },
  parseHTML() {
    return [{ tag: `div[${SECTION_ATTRIBUTE}]` }];
  },
  renderHTML({ HTMLAttributes }) {
    // Only the reference: whatever the editor draws inside is never saved.
    return ['div', { [SECTION_ATTRIBUTE]: HTMLAttributes[SECTION_ATTRIBUTE] as string }];
  },
  addNodeView() {
    return ({ node, editor }) => {
      const id = node.attrs.id as string;
      const dom = document.createElement('div');
      dom.className = 'editor-block editor-block--section';
      dom.setAttribute(SECTION_ATTRIBUTE, id);
      dom.contentEditable = 'false';
      const head = document.createElement('div');
      head.className = 'editor-block__head';
      const title = document.createElement('p');
      title.className = 'editor-block__title';
      const edit = document.createElement('button');
      edit.type = 'button';
      edit.className = 'editor-block__action';
      edit.textContent = SECTION_TEXTS.edit;
      edit.addEventListener('click', () => dom.dispatchEvent(new CustomEvent(EDIT_SECTION_EVENT, { bubbles: true, detail: id })));
      head.append(title, edit);
      const body = document.createElement('div');
      body.className = 'editor-block__section';
      dom.append(head, body);

      function draw() {
        const section = knownSection(id);
        edit.hidden = section === 'missing' || section === undefined;
        if (section === undefined) {
          title.textContent = SECTION_TEXTS.loading;
          body.replaceChildren();
        } else if (section === 'missing') {
          title.textContent = SECTION_TEXTS.missing;
          body.replaceChildren();
        } else {
          title.textContent = section.name;
          edit.setAttribute('aria-label', `${SECTION_TEXTS.edit} ${section.name}`);
          body.replaceChildren(contentNodes(editor.schema, section.content_html));
        }
      }
      draw();
      const stop = onSectionsChange(draw);
      return {
        dom,
        // The button takes its own clicks; the block is selected and moved as a whole otherwise.
        stopEvent: (event: Event) => event.target === edit,
        ignoreMutation: () => true,
        update: (updated: PmNode) => updated.type === node.type && updated.attrs.id === id,
        destroy: stop,
      };
    };
  },
});
