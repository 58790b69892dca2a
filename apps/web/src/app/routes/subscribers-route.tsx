import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { SubscriberCreate } from '@postlark/shared/audience';
import { ROUTES } from '@postlark/shared/routes';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Modal } from '../../components/ui/modal';
import { showToast } from '../../components/ui/toasts';
import { AUDIENCE_TEXTS } from '../../features/audience/audience-content';
import { subscribersCsvUrl } from '../../features/audience/audience-api';
import { addSubscriber, asAudienceFailure } from '../../features/audience/audience-thunks';
import { PageState } from '../../components/ui/page-state';
import { SegmentChip } from '../../features/audience/components/segment-chip';
import { SubscribersBulkBar } from '../../features/audience/components/subscribers-bulk-bar';
import { AddSubscriberForm } from '../../features/audience/components/subscriber-forms';
import { SubscribersPager } from '../../features/audience/components/subscribers-pager';
import { SubscribersTable } from '../../features/audience/components/subscribers-table';
import { SubscribersToolbar } from '../../features/audience/components/subscribers-toolbar';
import {
  DEFAULT_FILTERS,
  filterQuery,
  filtersFromSearch,
  isFiltered,
  type SubscriberFilters,
  searchFromFilters,
  toggledSort,
} from '../../features/audience/subscriber-query';
import type { FormOutcome } from '../../lib/form-state';
import { useAppDispatch } from '../store-hooks';
import { useAudienceLists } from '../use-audience-lists';
import { type PendingAction, useSubscriberSelection } from '../use-subscriber-selection';
import { useSegmentName } from '../use-segment-name';
import { useSubscribersTable } from '../use-subscribers-table';
import '../../components/ui/notice.css';
import { PageHeader } from '../../components/ui/page-header';

/** What the subscriber page gets from the table, to lead back to it as it was. */
export interface FromTable {
  tableSearch: string;
}

/**
 * /dashboard/subscribers: every subscriber, searched, filtered and sorted on the server a page at a
 * time. The search, filters and order are in the address (a reload keeps them); the page is not.
 */
export default function SubscribersRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const table = useSubscribersTable(filters);
  const { lists } = useAudienceLists();
  const [adding, setAdding] = useState(false);
  const selection = useSubscriberSelection(filters, table.page?.total ?? null, table.refresh);
  const segmentName = useSegmentName(filters.segmentId);

  const change = useCallback(
    (next: Partial<SubscriberFilters>) => navigate(`${pathname}${searchFromFilters({ ...filters, ...next })}`, { replace: true }),
    [filters, navigate, pathname],
  );

  async function add(body: SubscriberCreate): Promise<FormOutcome> {
    try {
      const { message } = await dispatch(addSubscriber(body)).unwrap();
      void showToast('success', message);
      setAdding(false);
      table.refresh();
      return { ok: true };
    } catch (reason) {
      const failure = asAudienceFailure(reason, AUDIENCE_TEXTS.saveFailed);
      return { ok: false, message: failure.message, errors: failure.errors };
    }
  }

  const { page, error } = table;
  const fromTable: FromTable = { tableSearch: search };
  let content;
  if (error) {
    // A page's cursor can go stale (the list changed under it): the way on is the first page.
    const stale = table.shownPageIndex > 0 && error.status === 400;
    content = (
      <div className="subscribers-card__notice">
        <p className="notice notice--error" role="alert">
          {error.message}
          <button type="button" className="notice__action" onClick={stale ? table.firstPage : table.refresh}>
            {stale ? 'Back to the first page' : 'Try again'}
          </button>
        </p>
      </div>
    );
  } else if (page && page.total === 0 && isFiltered(filters)) {
    content = (
      <PageState
        icon="search"
        title="No subscribers match"
        text="Nobody in your audience matches this search and these filters."
        action={
          <Button variant="secondary" onClick={() => navigate(`${pathname}${searchFromFilters({ ...DEFAULT_FILTERS, sort: filters.sort, order: filters.order })}`, { replace: true })}>
            Clear search and filters
          </Button>
        }
      />
    );
  } else if (page && page.total === 0) {
    content = (
      <PageState
        icon="people"
        title="No subscribers yet"
        text="Add the people you write to, one by one, and sort them into lists."
        action={<Button onClick={() => setAdding(true)}>Add your first subscriber</Button>}
      />
    );
  } else {
    content = (
      <>
        {selection.count > 0 && (
          <SubscribersBulkBar
            count={selection.count}
            allMatching={selection.allMatching}
            matchingTotal={page && page.total > selection.count && page.subscribers.every((row) => selection.isSelected(row.id)) ? page.total : null}
            lists={lists}
            busy={selection.busy}
            onSelectAllMatching={selection.selectAllMatching}
            onClear={selection.clear}
            onAction={selection.act}
          />
        )}
        <SubscribersTable
          rows={page?.subscribers ?? null}
          loading={table.loading}
          filters={filters}
          onSort={(column) => change(toggledSort(filters, column))}
          linkState={fromTable}
          isSelected={selection.isSelected}
          onSelect={selection.select}
        />
        {page ? (
          <SubscribersPager
            pageIndex={table.shownPageIndex}
            rowsOnPage={page.subscribers.length}
            total={page.total}
            hasNext={table.hasNext}
            busy={table.loading}
            onPrevious={table.previous}
            onNext={table.next}
          />
        ) : (
          <p className="visually-hidden" role="status">
            {AUDIENCE_TEXTS.loadingSubscribers}
          </p>
        )}
      </>
    );
  }

  return (
    <div className="subscribers-page">
      <PageHeader
        title="All subscribers"
        lead="Everyone in your audience: search them, sort them into lists, open one to edit."
        actions={
          <>
            {/* A plain link: the browser downloads the server's CSV (streamed) with the session cookie. */}
            <a className={buttonClass('secondary')} href={subscribersCsvUrl(filterQuery(filters))} download>
              Export CSV
            </a>
            <Link className={buttonClass('secondary')} to={ROUTES.lists}>
              Manage lists
            </Link>
            <Button onClick={() => setAdding(true)}>Add subscriber</Button>
          </>
        }
      />
      <section className="dash-card subscribers-card" aria-label="Subscribers">
        <SubscribersToolbar filters={filters} lists={lists} onChange={change} />
        {filters.segmentId && <SegmentChip name={segmentName} onRemove={() => change({ segmentId: null })} />}
        {content}
      </section>
      <Modal
        open={adding}
        title="Add subscriber"
        description="They join as active, with you recorded as the source of their consent."
        onClose={() => setAdding(false)}
      >
        <AddSubscriberForm lists={lists} onAdd={add} onCancel={() => setAdding(false)} />
      </Modal>
      <ConfirmDialog
        open={selection.pending !== null}
        {...confirmTexts(selection.pending)}
        busy={selection.busy}
        error={selection.pending?.error}
        onConfirm={selection.confirm}
        onClose={selection.cancel}
      />
    </div>
  );
}

const counted = (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'subscriber' : 'subscribers'}`;

/** The confirmation's texts for Unsubscribe or Delete, saying how many it changes. */
function confirmTexts(pending: PendingAction | null) {
  const count = pending?.count ?? 0;
  return pending?.action === 'unsubscribe'
    ? {
        title: `Unsubscribe ${counted(count)}?`,
        description: `${counted(count)} will stop getting your emails. They stay in your audience, marked as unsubscribed.`,
        confirmLabel: `Unsubscribe ${counted(count)}`,
        busyLabel: 'Unsubscribing...',
      }
    : {
        title: `Delete ${counted(count)}?`,
        description: `${counted(count)} will be erased from your audience and every list. Their addresses stay on your suppression list, so they cannot be added again by hand or come back with an import.`,
        confirmLabel: `Delete ${counted(count)}`,
        busyLabel: 'Deleting...',
      };
}
