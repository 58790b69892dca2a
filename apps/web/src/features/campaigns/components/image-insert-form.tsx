import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { MEDIA_LIMITS } from '@postlark/shared/media';
import { type ImageSource, type PickedImage } from '../../../components/media/image-source';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { IMAGE_INSERT_TEXTS } from '../campaigns-content';
import type { ImageAltProps } from '../editor-assistant';
import './image-insert-form.css';

type Tab = 'upload' | 'library' | 'products' | 'address';

interface ImageInsertFormProps {
  source: ImageSource;
  /** A file dropped or pasted into the editor: the upload tab opens with it, asking its alt text. */
  file: File | null;
  /** The form for an image by address (insert-dialog.tsx), the third tab. */
  byAddress: ReactNode;
  /** Under the alt text field: the writing assistant's suggestion, when there is one. */
  altTools?: (props: Omit<ImageAltProps, 'around'>) => ReactNode;
  onInsert(image: PickedImage): void;
  onClose(): void;
}

/**
 * An image for the email: uploaded from the computer, chosen from the library, or by address.
 * Whichever way, the alt text is asked for before it goes in (issue 33, point 1).
 */
export function ImageInsertForm({ source, file: given, byAddress, altTools, onInsert, onClose }: ImageInsertFormProps) {
  const [tab, setTab] = useState<Tab>(given ? 'upload' : 'library');
  const [file, setFile] = useState<File | null>(given);
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const [alt, setAlt] = useState('');
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState('');

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setError('');
    setSent(0);
    const result = await source.upload(file, alt.trim(), setSent);
    setSent(null);
    if ('error' in result) setError(result.error);
    else onInsert({ ...result.image, alt: alt.trim() });
  }

  const tabs: { id: Tab; label: string }[] = [
    { id: 'upload', label: IMAGE_INSERT_TEXTS.upload },
    { id: 'library', label: IMAGE_INSERT_TEXTS.library },
    ...(source.Products ? [{ id: 'products' as const, label: IMAGE_INSERT_TEXTS.products }] : []),
    { id: 'address', label: IMAGE_INSERT_TEXTS.address },
  ];
  const Products = source.Products;

  const altField = (imageName: string) => (
    <>
      <TextField label={IMAGE_INSERT_TEXTS.altLabel} value={alt} hint={IMAGE_INSERT_TEXTS.altHint} maxLength={MEDIA_LIMITS.altChars} onChange={(event) => setAlt(event.target.value)} />
      {altTools?.({ imageName, onUse: setAlt })}
    </>
  );

  /** A chosen library or product image: the form asks its alt text, starting from the image's own. */
  function choose(image: PickedImage) {
    setPicked(image);
    setAlt(image.alt);
  }

  const pickedForm = picked && (
    <form
      className="campaign-dialog-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onInsert({ ...picked, alt: alt.trim() });
      }}
    >
      <img className="image-insert__preview" src={picked.url} alt="" />
      {altField(picked.name ?? '')}
      <div className="campaign-dialog-form__actions">
        <Button variant="secondary" onClick={() => setPicked(null)}>
          {IMAGE_INSERT_TEXTS.back}
        </Button>
        <Button type="submit">{IMAGE_INSERT_TEXTS.insert}</Button>
      </div>
    </form>
  );

  return (
    <div className="image-insert">
      <div className="image-insert__tabs" role="tablist" aria-label={IMAGE_INSERT_TEXTS.tabsLabel}>
        {tabs.map((entry) => (
          <button
            key={entry.id}
            type="button"
            role="tab"
            aria-selected={tab === entry.id}
            className="image-insert__tab"
            onClick={() => {
              setTab(entry.id);
              setPicked(null);
            }}
          >
            {entry.label}
          </button>
        ))}
      </div>

      {tab === 'upload' && (
        <form role="tabpanel" aria-label={IMAGE_INSERT_TEXTS.upload} className="campaign-dialog-form" noValidate onSubmit={(event) => void upload(event)}>
          <label className="image-insert__file">
            <span>{file ? file.name : IMAGE_INSERT_TEXTS.chooseFile}</span>
            <input
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setError('');
              }}
            />
          </label>
          {file && <FilePreview file={file} />}
          {altField(file?.name ?? '')}
          {sent !== null && <progress className="image-insert__progress" max={1} value={sent < 1 ? sent : undefined} aria-label={IMAGE_INSERT_TEXTS.uploading} />}
          {error && (
            <p className="notice notice--error" role="alert">
              {error}
            </p>
          )}
          <div className="campaign-dialog-form__actions">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!file || sent !== null}>
              {IMAGE_INSERT_TEXTS.uploadAndInsert}
            </Button>
          </div>
        </form>
      )}

      {tab === 'library' && (
        <div role="tabpanel" aria-label={IMAGE_INSERT_TEXTS.library}>
          {pickedForm || <source.Library onPick={choose} />}
        </div>
      )}

      {tab === 'products' && Products && (
        <div role="tabpanel" aria-label={IMAGE_INSERT_TEXTS.products}>
          {pickedForm || <Products onPick={choose} />}
        </div>
      )}

      {tab === 'address' && (
        <div role="tabpanel" aria-label={IMAGE_INSERT_TEXTS.address}>
          {byAddress}
        </div>
      )}
    </div>
  );
}

/** The chosen file as it looks, before it is uploaded; its object URL is let go with it. */
function FilePreview({ file }: { file: File }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img className="image-insert__preview" src={url} alt="" />;
}
