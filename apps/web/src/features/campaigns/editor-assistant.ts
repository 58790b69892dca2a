import type { ReactNode } from 'react';

// The places in the campaign editor where the app may add a writing assistant. The campaigns
// feature knows nothing of AI: the editor's route fills these slots (src/app composes features).

/** The campaign's own text, which an assistant may work from (never a subscriber's details). */
export interface EditorTextContext {
  campaign_id?: string;
  subject: string;
  preheader: string;
  content_html: string;
}

/** The rich-text editor's selection, read when asked and replaced only if its text is still there. */
export interface EditorSelectionHandle {
  read(): { from: number; to: number; text: string } | null;
  replace(selection: { from: number; to: number; text: string }, html: string): boolean;
}

export interface EditorAssistant {
  /** Under the subject or preview text field: ideas to use, or to test as A/B variants. */
  field(props: {
    field: 'subject' | 'preheader';
    context: EditorTextContext;
    disabled: boolean;
    onUse(value: string): void;
    onMakeVariants?(dimension: 'subject' | 'preheader', values: string[]): void;
  }): ReactNode;
  /** Beside the content's title: a whole draft, asked before it replaces what is there. */
  content(props: { context: EditorTextContext; hasContent: boolean; onDraft(html: string): void }): ReactNode;
  /** In the rich-text editor's toolbar: something to do with the selection. */
  selection(props: { handle: EditorSelectionHandle; campaignId?: string }): ReactNode;
  /** Under an image's alt text field: a description suggested from the text around the image. */
  alt(props: ImageAltProps & { campaignId?: string }): ReactNode;
}

/** What an alt-text suggestion works from, and where it puts its answer. */
export interface ImageAltProps {
  /** The campaign's text around where the image goes. */
  around: string;
  /** The image's file name, '' when unknown. */
  imageName: string;
  onUse(alt: string): void;
}
