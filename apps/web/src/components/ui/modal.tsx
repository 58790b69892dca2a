import { type ReactNode, useEffect, useId, useRef } from 'react';
import './modal.css';

interface ModalProps {
  open: boolean;
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A native modal <dialog>: the browser makes the page behind it inert (so focus stays inside) and
 * Escape raises `cancel`. Clicks on the backdrop reach the dialog element itself, and focus goes
 * back to whatever opened it.
 */
export function Modal({ open, title, description, onClose, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      openerRef.current?.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="modal"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="modal__panel">
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
      )}
    </dialog>
  );
}
