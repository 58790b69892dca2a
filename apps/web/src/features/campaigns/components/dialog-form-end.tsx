import { Button } from '../../../components/ui/button';
import '../../../components/ui/notice.css';

interface DialogFormEndProps {
  /** What went wrong that no field shows, said above the buttons. */
  failure?: string | null;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onClose(): void;
}

/** The end of a dialog's form that saves something: a failure no field shows, then Cancel and the submit button. */
export function DialogFormEnd({ failure, busy, submitLabel, busyLabel, onClose }: DialogFormEndProps) {
  return (
    <>
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      <div className="campaign-dialog-form__actions">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </>
  );
}
