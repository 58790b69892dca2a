/** A list that could not be read: why, and a button that reads it again. */
export function RetryNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <span>{message}</span>
      <button type="button" className="notice__action" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
