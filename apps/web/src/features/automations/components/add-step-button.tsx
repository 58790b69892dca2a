/** The "+" between two steps: opens the choice of a step to put there. */
export function AddStepButton({ label, onAdd }: { label: string; onAdd(): void }) {
  return (
    <div className="flow-add">
      <button type="button" className="flow-add__button" aria-label={label} title={label} onClick={onAdd}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
          <path d="M12 5v14M5 12h14" />
        </svg>
      </button>
    </div>
  );
}
