import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SubscriberSort, SubscriberSummary } from '@postlark/shared/audience';
import { subscriberPath } from '@postlark/shared/routes';
import { formatDay, fullName } from '../audience-content';
import { ariaSort, type SubscriberFilters } from '../subscriber-query';
import { StatusBadge } from './status-badge';
import './subscribers-table.css';

interface SubscribersTableProps {
  /** The page's rows; null before the first page has come. */
  rows: readonly SubscriberSummary[] | null;
  /** A new page is on its way: the rows shown are the previous ones. */
  loading: boolean;
  filters: SubscriberFilters;
  onSort(column: SubscriberSort): void;
  /** Carried to the subscriber page, so its way back returns to this very table. */
  linkState?: unknown;
}

const SKELETON_ROWS = 6;

/** The subscribers table: Email (linking to the subscriber), Name, Status and Added, sortable by their headers. */
export function SubscribersTable({ rows, loading, filters, onSort, linkState }: SubscribersTableProps) {
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
    <div className={`subscribers-table${loading ? ' subscribers-table--loading' : ''}`}>
      <table aria-busy={loading}>
        <caption className="visually-hidden">Subscribers</caption>
        <thead>
          <tr>
            {header('Email', 'email')}
            {header('Name', 'first_name')}
            {header('Status', null)}
            {header('Added', 'created_at')}
          </tr>
        </thead>
        <tbody>
          {rows === null
            ? Array.from({ length: SKELETON_ROWS }, (_unused, index) => (
                <tr key={index} className="subscribers-table__skeleton" aria-hidden="true">
                  {[0, 1, 2, 3].map((cell) => (
                    <td key={cell}>
                      <span className="subscribers-table__bone" />
                    </td>
                  ))}
                </tr>
              ))
            : rows.map((row) => (
                <tr key={row.id}>
                  <td className="subscribers-table__email">
                    <Link to={subscriberPath(row.id)} state={linkState}>
                      {row.email}
                    </Link>
                  </td>
                  <td className="subscribers-table__name">{fullName(row) || <span className="subscribers-table__none">No name</span>}</td>
                  <td className="subscribers-table__status">
                    <StatusBadge kind="subscriber" status={row.status} />
                  </td>
                  <td className="subscribers-table__added">
                    <time dateTime={row.created_at}>{formatDay(row.created_at)}</time>
                  </td>
                </tr>
              ))}
        </tbody>
      </table>
    </div>
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
