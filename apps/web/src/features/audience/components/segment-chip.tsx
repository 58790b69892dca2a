/** The segment narrowing the table, as a chip that removes it. `name` is null while it loads, '' when unknown. */
export function SegmentChip({ name, onRemove }: { name: string | null; onRemove(): void }) {
  const label = name === null ? 'Loading segment...' : name || 'A deleted segment';
  return (
    <div className="subscribers-chips">
      <span className="subscribers-chip">
        <span className="subscribers-chip__text">
          <span className="subscribers-chip__kind">Segment:</span> {label}
        </span>
        <button type="button" className="subscribers-chip__remove" aria-label={`Remove the segment filter ${name ?? ''}`.trim()} onClick={onRemove}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M4 4l8 8M12 4l-8 8" />
          </svg>
        </button>
      </span>
    </div>
  );
}
