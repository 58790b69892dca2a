import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { AUDIENCE_LIMITS, type AudienceList, SUBSCRIBER_FILTER_STATUSES, type SubscriberFilterStatus } from '@postlark/shared/audience';
import { SUBSCRIBER_FILTER_LABELS } from '../audience-content';
import { SORT_CHOICES, type SubscriberFilters } from '../subscriber-query';
import '../../../components/ui/form-field.css';
import './subscribers-toolbar.css';

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SubscribersToolbarProps {
  filters: SubscriberFilters;
  lists: readonly AudienceList[] | null;
  onChange(change: Partial<SubscriberFilters>): void;
}

/** The table's search box, its status and list filters, and (on phones, where there are no column headers) its order. */
export function SubscribersToolbar({ filters, lists, onChange }: SubscribersToolbarProps) {
  const known = lists?.some((list) => list.id === filters.listId) ?? false;
  // Stable, so the pause the search box waits for is not restarted by the table's own updates.
  const onSearch = useCallback((q: string) => onChange({ q }), [onChange]);
  return (
    <div className="subscribers-toolbar">
      <SearchBox value={filters.q} onSearch={onSearch} />
      <ToolbarSelect
        label="Status"
        value={filters.status ?? ''}
        onChange={(value) => onChange({ status: value === '' ? null : (value as SubscriberFilterStatus) })}
      >
        <option value="">All statuses</option>
        {SUBSCRIBER_FILTER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {SUBSCRIBER_FILTER_LABELS[status]}
          </option>
        ))}
      </ToolbarSelect>
      <ToolbarSelect label="List" value={filters.listId ?? ''} onChange={(value) => onChange({ listId: value === '' ? null : value })}>
        <option value="">All lists</option>
        {/* A list from the address that is not (or not yet) among the customer's lists still shows as chosen. */}
        {filters.listId && !known && <option value={filters.listId}>{lists ? 'A deleted list' : 'Loading lists...'}</option>}
        {lists?.map((list) => (
          <option key={list.id} value={list.id}>
            {list.name}
          </option>
        ))}
      </ToolbarSelect>
      <ToolbarSelect
        label="Sort by"
        className="subscribers-toolbar__sort"
        value={`${filters.sort}:${filters.order}`}
        onChange={(value) => {
          const choice = SORT_CHOICES.find((option) => `${option.sort}:${option.order}` === value);
          if (choice) onChange({ sort: choice.sort, order: choice.order });
        }}
      >
        {SORT_CHOICES.map((choice) => (
          <option key={`${choice.sort}:${choice.order}`} value={`${choice.sort}:${choice.order}`}>
            {choice.label}
          </option>
        ))}
      </ToolbarSelect>
    </div>
  );
}

interface SearchBoxProps {
  value: string;
  onSearch(q: string): void;
  /** What it searches, for screen readers; the subscribers' by default (the Products page has its own). */
  label?: string;
  placeholder?: string;
  maxLength?: number;
}

/**
 * The search box: what is typed goes to the address (and the table) once typing pauses, or at once
 * on Enter. When the address changes otherwise (Back, a link), the box shows its search.
 */
export function SearchBox({ value, onSearch, label = 'Search subscribers', placeholder = 'Search by email or name', maxLength = AUDIENCE_LIMITS.search }: SearchBoxProps) {
  const inputId = useId();
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    // Our own search coming back keeps what is typed, trailing space and all.
    if (text.trim() !== value) setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = window.setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (text.trim() !== value) onSearch(text.trim());
  }

  return (
    <form role="search" className="subscribers-search" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        {label}
      </label>
      <svg className="subscribers-search__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.3-4.3" />
      </svg>
      <input
        id={inputId}
        type="search"
        className="form-field__input subscribers-search__input"
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        maxLength={maxLength}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

interface ToolbarSelectProps {
  label: string;
  value: string;
  className?: string;
  onChange(value: string): void;
  children: ReactNode;
}

function ToolbarSelect({ label, value, className, onChange, children }: ToolbarSelectProps) {
  const selectId = useId();
  return (
    <div className={['subscribers-toolbar__filter', className].filter(Boolean).join(' ')}>
      <label htmlFor={selectId} className="subscribers-toolbar__label">
        {label}
      </label>
      <select id={selectId} className="form-field__input subscribers-toolbar__select" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}
