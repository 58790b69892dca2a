import { type FormEvent, type ReactNode, useState } from 'react';
import type { ImageAltProps } from '../editor-assistant';
import { type PickedImage, useImageSource } from '../../../components/media/image-source';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { ImageInsertForm } from './image-insert-form';

export type InsertKind = 'link' | 'image' | 'button';

const TITLES: Record<InsertKind, string> = { link: 'Insert link', image: 'Insert image', button: 'Insert button' };
const TEXT_LABELS: Record<InsertKind, string> = { link: 'Link text', image: 'Description (alt text)', button: 'Button text' };
const TEXT_HINTS: Record<InsertKind, string> = {
  link: 'Leave empty to link the selected words, or the address itself.',
  image: 'Read aloud to people who cannot see the image, and shown when images are blocked.',
  button: 'A short call to action, like “Read the story”.',
};

/** An address a mail link may lead to: web pages, and mailto: for links. */
export function validUrl(value: string, kind: InsertKind): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' || (kind !== 'image' && url.protocol === 'mailto:');
  } catch {
    return false;
  }
}

interface InsertDialogProps {
  kind: InsertKind | null;
  /** The words selected in the editor, offered as the link's text. */
  selectedText: string;
  /** An image file dropped or pasted into the editor, to upload. */
  file?: File | null;
  onInsert(kind: InsertKind, url: string, text: string): void;
  /** An image from the media library or just uploaded, with the size it is shown at. */
  onInsertImage?(image: PickedImage): void;
  /** Beside an uploaded or library image's alt text: a suggestion (the text around it is the editor's). */
  altTools?: (props: Omit<ImageAltProps, 'around'>) => ReactNode;
  onClose(): void;
}

/**
 * A link, image or button: the address and the words that go with it. An image may also be
 * uploaded or taken from the media library, where the dashboard gives one (image-source.ts).
 */
export function InsertDialog({ kind, selectedText, file = null, onInsert, onInsertImage, altTools, onClose }: InsertDialogProps) {
  const source = useImageSource();
  const byAddress = kind && <InsertForm key={kind} kind={kind} selectedText={selectedText} onInsert={onInsert} onClose={onClose} />;
  return (
    <Modal open={kind !== null} title={kind ? TITLES[kind] : ''} onClose={onClose} variant={kind === 'image' && source ? 'side' : undefined}>
      {kind === 'image' && source && onInsertImage ? <ImageInsertForm source={source} file={file} byAddress={byAddress} altTools={altTools} onInsert={onInsertImage} onClose={onClose} /> : byAddress}
    </Modal>
  );
}

function InsertForm({ kind, selectedText, onInsert, onClose }: Omit<InsertDialogProps, 'kind'> & { kind: InsertKind }) {
  const [url, setUrl] = useState('https://');
  const [text, setText] = useState(kind === 'image' ? '' : selectedText);
  const [error, setError] = useState('');
  const [textError, setTextError] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const badUrl = !validUrl(url, kind);
    const noText = kind === 'button' && !text.trim();
    setError(badUrl ? (kind === 'image' ? 'Enter the image’s full address, starting with https://' : 'Enter a full address, starting with https:// or mailto:') : '');
    setTextError(noText ? 'Give the button some words.' : '');
    if (badUrl || noText) return;
    onInsert(kind, url.trim(), text.trim());
  }

  return (
    <form className="campaign-dialog-form" noValidate onSubmit={submit}>
      <TextField label={kind === 'image' ? 'Image address' : 'Address'} type="url" inputMode="url" value={url} error={error} onChange={(event) => setUrl(event.target.value)} />
      <TextField label={TEXT_LABELS[kind]} value={text} error={textError} hint={TEXT_HINTS[kind]} onChange={(event) => setText(event.target.value)} />
      <div className="campaign-dialog-form__actions">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit">{TITLES[kind]}</Button>
      </div>
    </form>
  );
}
