import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';

interface ModalProps {
  open: boolean;
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  /** 'side': a panel along the right edge (a full-screen sheet on a phone), for editing beside a canvas. */
  variant?: 'centre' | 'side';
  /** Where focus starts: the first field (a form's dialog), or the dialog itself (one to read first). */
  initialFocus?: 'field' | 'dialog';
}

/** Dialogs open now: the app behind stays inert until the last one closes. */
let openDialogs = 0;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog drawn in a layer on <body>. Not the native <dialog>: its top layer would hide the
 * toasts that report the form's outcome. While open the app behind is inert, Tab cycles inside
 * the dialog, Escape or a click on the overlay closes it, and focus goes back to what opened it.
 */
export function Modal({ open, title, description, onClose, children, variant = 'centre', initialFocus = 'field' }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const app = document.getElementById('root');
    openDialogs += 1;
    if (app) app.inert = true;
    document.body.style.overflow = 'hidden';
    const first = initialFocus === 'field' ? dialogRef.current?.querySelector<HTMLElement>('input, textarea, select') : null;
    // A dialog taller than the screen opens at its top, not scrolled to wherever focus lands.
    if (first) first.focus();
    else dialogRef.current?.focus({ preventScroll: true });
    return () => {
      // A dialog opened from another (the editor's Insert link inside a side panel): the page
      // comes back only when the last one closes, whichever order they close in.
      openDialogs -= 1;
      if (openDialogs === 0) {
        if (app) app.inert = false;
        document.body.style.overflow = '';
      }
      opener?.focus();
    };
  }, [open, initialFocus]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      // Escape closes the topmost dialog only.
      const layers = document.querySelectorAll('.modal-layer');
      if (event.key === 'Escape' && dialogRef.current?.parentElement === layers[layers.length - 1]) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  function trapTab(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  if (!open) return null;
  return createPortal(
    <div className={`modal-layer${variant === 'side' ? ' modal-layer--side' : ''}`}>
      <div className="modal-overlay" data-testid="modal-overlay" onClick={onClose} />
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={trapTab}
      >
        <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="modal__description">
            {description}
          </p>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
