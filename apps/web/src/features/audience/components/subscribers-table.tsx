import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { SubscriberListRow, SubscriberSort } from '@postlark/shared/audience';
import { subscriberPath } from '@postlark/shared/routes';
import { formatDay, fullName } from '../audience-content';
import { ariaSort, type SubscriberFilters } from '../subscriber-query';
import { ENGAGEMENT_TEXTS } from '../engagement-texts';
import { EngagementBadge } from './engagement-badge';
import { StatusBadge } from './status-badge';
import '../../../components/ui/data-table.css';
import './subscribers-table.css';
import './subscribers-table-select.css';

interface SubscribersTableProps {
  /** The page's rows; null before the first page has come. */
  rows: readonly SubscriberListRow[] | null;
  /** A new page is on its way: the rows shown are the previous ones. */
  loading: boolean;
  filters: SubscriberFilters;
  onSort(column: SubscriberSort): void;
  /** Carried to the subscriber page, so its way back returns to this very table. */
  linkState?: unknown;
  /** The rows chosen for a bulk action. */
  isSelected(id: string): boolean;
  onSelect(ids: readonly string[], selected: boolean): void;
}

const SKELETON_ROWS = 6;

/** The subscribers table: Email (linking to the subscriber), Name, Status, Added and Engagement, sortable by their headers. */
export function SubscribersTable({ rows, loading, filters, onSort, linkState, isSelected, onSelect }: SubscribersTableProps) {
  const pageIds = rows?.map((row) => row.id) ?? [];
  const chosen = pageIds.filter(isSelected).length;
  const header = (label: string, column: SubscriberSort | null): ReactNode => {
    if (!column) return <th scope="col">{label}</th>;
    const sorted = ariaSort(filters, column);
    return (
      <th scope="col" aria-sort={sorted}>
        <button type="button" className="subscribers-table__sort" onClick={() => onSort(column)}>
          {label}
          <SortMark direction={sorted} />
        </button>
      </th>
    );
  };

  return (
    <div className={`data-table subscribers-table${loading ? ' data-table--loading' : ''}`}>
      <table aria-busy={loading}>
        <caption className="visually-hidden">Subscribers</caption>
        <thead>
          <tr>
            <th scope="col" className="subscribers-table__select">
              <PageCheckbox
                checked={pageIds.length > 0 && chosen === pageIds.length}
                mixed={chosen > 0 && chosen < pageIds.length}
                disabled={pageIds.length === 0}
                onChange={(selected) => onSelect(pageIds, selected)}
              />
            </th>
            {header('Email', 'email')}
            {header('Name', 'first_name')}
            {header('Status', null)}
            {header('Added', 'created_at')}
            {header(ENGAGEMENT_TEXTS.column, 'engagement')}
          </tr>
        </thead>
        <tbody>
          {rows === null
            ? Array.from({ length: SKELETON_ROWS }, (_unused, index) => (
                <tr key={index} className="subscribers-table__skeleton" aria-hidden="true">
                  <td className="subscribers-table__select" />
                  {[0, 1, 2, 3, 4].map((cell) => (
                    <td key={cell}>
                      <span className="subscribers-table__bone" />
                    </td>
                  ))}
                </tr>
              ))
            : rows.map((row) => (
                <tr key={row.id} className={isSelected(row.id) ? 'subscribers-table__row--selected' : undefined}>
                  <td className="subscribers-table__select">
                    <input
                      type="checkbox"
                      className="subscribers-table__check"
                      aria-label={`Select ${row.email}`}
                      checked={isSelected(row.id)}
                      onChange={(event) => onSelect([row.id], event.target.checked)}
                    />
                  </td>
                  <td className="subscribers-table__email">
                    <Link to={subscriberPath(row.id)} state={linkState}>
                      {row.email}
                    </Link>
                  </td>
                  <td className="subscribers-table__name">{fullName(row) || <span className="subscribers-table__none">No name</span>}</td>
                  <td className="subscribers-table__status">
                    <StatusBadge kind="subscriber" status={row.status} awaitingConfirmation={row.awaiting_confirmation} />
                  </td>
                  <td className="subscribers-table__added">
                    <time dateTime={row.created_at}>{formatDay(row.created_at)}</time>
                  </td>
                  <td className="subscribers-table__engagement">
                    <EngagementBadge engagement={row.engagement} />
                  </td>
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}

/** The header's checkbox: the whole page, shown half-checked when only some of it is chosen. */
function PageCheckbox({ checked, mixed, disabled, onChange }: { checked: boolean; mixed: boolean; disabled: boolean; onChange(selected: boolean): void }) {
  const ref = useRef<HTMLInputElement>(null);
  // Half-checked is a DOM property only; React has no attribute for it.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <label className="subscribers-table__select-all">
      <input
        ref={ref}
        type="checkbox"
        className="subscribers-table__check"
        aria-label="Select every subscriber on this page"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {/* Phones have no column headers: this says what the lone checkbox above the rows does. */}
      <span className="subscribers-table__select-text" aria-hidden="true">
        Select page
      </span>
    </label>
  );
}

function SortMark({ direction }: { direction: 'ascending' | 'descending' | 'none' }) {
  return (
    <svg className={`subscribers-table__mark subscribers-table__mark--${direction}`} viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="currentColor">
      <path className="subscribers-table__mark-up" d="M8 2.5 11.5 7h-7z" />
      <path className="subscribers-table__mark-down" d="M8 13.5 4.5 9h7z" />
    </svg>
  );
}
