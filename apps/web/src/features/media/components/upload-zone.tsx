import { type DragEvent, useId, useRef, useState } from 'react';
import { MEDIA_INPUT_TYPES } from '@postlark/shared/media';
import { MEDIA_TEXTS } from '../media-content';
import type { UploadProgress } from '../use-media-uploads';
import './media.css';

interface UploadZoneProps {
  uploads: readonly UploadProgress[];
  onFiles(files: File[]): void;
  onDismiss(key: number): void;
  /** One file at a time (the editor's picker), or many (the Media page). */
  multiple?: boolean;
}

/** Files from a drop, keeping only what the browser says may be an image (the server checks the bytes). */
export function droppedImages(list: FileList | null | undefined): File[] {
  return [...(list ?? [])].filter((file) => file.type === '' || file.type.startsWith('image/'));
}

/** A drop area that is also a file chooser (a label for the hidden input), and each upload's progress. */
export function UploadZone({ uploads, onFiles, onDismiss, multiple = true }: UploadZoneProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  function drop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    const files = droppedImages(event.dataTransfer.files);
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  }

  return (
    <div className="upload-zone">
      <input
        ref={input}
        id={inputId}
        className="upload-zone__input"
        type="file"
        accept={MEDIA_INPUT_TYPES.join(',')}
        multiple={multiple}
        onChange={(event) => {
          const files = droppedImages(event.target.files);
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <label
        htmlFor={inputId}
        className={`upload-zone__target${over ? ' upload-zone__target--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="upload-zone__icon">
          <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
        </svg>
        <span className="upload-zone__title">{MEDIA_TEXTS.dropHere}</span>
        <span className="upload-zone__hint">{MEDIA_TEXTS.dropHint}</span>
      </label>
      {uploads.length > 0 && (
        <ul className="upload-zone__list" aria-label="Uploads">
          {uploads.map((upload) => (
            <li key={upload.key} className={`upload-zone__item upload-zone__item--${upload.state}`} role={upload.state === 'failed' ? 'alert' : 'status'}>
              <span>{upload.message}</span>
              {upload.state === 'failed' ? (
                <button type="button" className="upload-zone__dismiss" aria-label={`Dismiss: ${upload.message}`} onClick={() => onDismiss(upload.key)}>
                  ×
                </button>
              ) : (
                <progress max={100} value={upload.state === 'processing' ? undefined : upload.percent} aria-label={upload.message} />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
