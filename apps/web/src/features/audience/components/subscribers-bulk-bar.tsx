import { useId } from 'react';
import type { AudienceList, BulkAction } from '@postlark/shared/audience';
import { Button } from '../../../components/ui/button';
import './subscribers-bulk-bar.css';

interface SubscribersBulkBarProps {
  /** How many subscribers the action would change: those chosen, or every match. */
  count: number;
  /** The action applies to every subscriber the filters match, not to the rows chosen. */
  allMatching: boolean;
  /** Offered when the whole page is chosen and more subscribers match than are chosen. */
  matchingTotal: number | null;
  lists: readonly AudienceList[] | null;
  busy: boolean;
  onSelectAllMatching(): void;
  onClear(): void;
  onAction(action: BulkAction, listId?: string): void;
}

const plural = (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'subscriber' : 'subscribers'}`;

/** What can be done to the chosen subscribers at once: lists, unsubscribe, delete. */
export function SubscribersBulkBar({ count, allMatching, matchingTotal, lists, busy, onSelectAllMatching, onClear, onAction }: SubscribersBulkBarProps) {
  return (
    <div className="subscribers-bulk" role="region" aria-label="Bulk actions">
      <div className="subscribers-bulk__summary">
        <p className="subscribers-bulk__count" role="status">
          {allMatching ? `All ${plural(count)} matching selected` : `${count.toLocaleString('en')} selected`}
        </p>
        {matchingTotal !== null && !allMatching && (
          <button type="button" className="subscribers-bulk__link" onClick={onSelectAllMatching} disabled={busy}>
            Select all {matchingTotal.toLocaleString('en')} matching
          </button>
        )}
        <button type="button" className="subscribers-bulk__link subscribers-bulk__link--muted" onClick={onClear} disabled={busy}>
          Clear selection
        </button>
      </div>
      <div className="subscribers-bulk__actions">
        <ListAction label="Add to list" lists={lists} disabled={busy} onPick={(listId) => onAction('add_to_list', listId)} />
        <ListAction label="Remove from list" lists={lists} disabled={busy} onPick={(listId) => onAction('remove_from_list', listId)} />
        <Button variant="secondary" className="subscribers-bulk__button" disabled={busy} onClick={() => onAction('unsubscribe')}>
          Unsubscribe
        </Button>
        <Button variant="danger" className="subscribers-bulk__button" disabled={busy} onClick={() => onAction('delete')}>
          Delete
        </Button>
      </div>
    </div>
  );
}

/** A list menu that acts as soon as a list is picked, then shows its label again. */
function ListAction({ label, lists, disabled, onPick }: { label: string; lists: readonly AudienceList[] | null; disabled: boolean; onPick(listId: string): void }) {
  const selectId = useId();
  return (
    <div className="subscribers-bulk__list">
      <label htmlFor={selectId} className="visually-hidden">
        {label}
      </label>
      <select
        id={selectId}
        className="form-field__input subscribers-bulk__select"
        value=""
        disabled={disabled || !lists || lists.length === 0}
        onChange={(event) => event.target.value && onPick(event.target.value)}
      >
        <option value="">{lists && lists.length === 0 ? 'No lists yet' : `${label}...`}</option>
        {lists?.map((list) => (
          <option key={list.id} value={list.id}>
            {list.name}
          </option>
        ))}
      </select>
    </div>
  );
}
