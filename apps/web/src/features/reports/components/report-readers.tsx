import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { REPORT_READER_ACTIONS, type ReportReaderAction, type ReportReadersPage } from '@postlark/shared/campaign-reports';
import { subscriberPath } from '@postlark/shared/routes';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyNote } from '../../../components/ui/page-state';
import { formatCount } from '../report-format';
import { READER_ACTION_TEXTS, REPORTS_TEXTS } from '../reports-content';
import { asReportFailure } from '../reports-thunks';
import '../../../components/ui/data-table.css';
import './reports.css';

interface ReportReadersProps {
  /** Reads one page of who did `action` (the route's call to the API). */
  load(action: ReportReaderAction, page: number): Promise<ReportReadersPage>;
  /** Makes a segment of everyone who did `action` and leads to it; a failure's message, or null. */
  onMakeSegment(action: ReportReaderAction): Promise<string | null>;
}

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Who opened (as a person), clicked or unsubscribed, a page at a time, and a segment of them. */
export function ReportReaders({ load, onMakeSegment }: ReportReadersProps) {
  const [action, setAction] = useState<ReportReaderAction>('opened');
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<ReportReadersPage | null>(null);
  const [error, setError] = useState('');
  const [making, setMaking] = useState(false);

  useEffect(() => {
    let live = true;
    load(action, page).then(
        (next) => {
          if (!live) return;
          setShown(next);
          setError('');
        },
        (reason: unknown) => live && setError(asReportFailure(reason, REPORTS_TEXTS.readersFailed).message),
      );
    return () => {
      live = false;
    };
  }, [load, action, page]);

  const current = shown && shown.action === action && shown.page === page ? shown : null;
  const pages = current ? Math.max(1, Math.ceil(current.total / current.page_size)) : 1;

  async function makeSegment() {
    setMaking(true);
    const failure = await onMakeSegment(action);
    setMaking(false);
    if (failure) setError(failure);
  }

  return (
    <Card className="report-card report-readers" title={REPORTS_TEXTS.readersTitle} titleId="report-readers-title">
      <div className="report-readers__bar">
        <div className="report-readers__tabs" role="group" aria-label="Which readers">
          {REPORT_READER_ACTIONS.map((each) => (
            <button
              key={each}
              type="button"
              className={`report-readers__tab${each === action ? ' report-readers__tab--on' : ''}`}
              aria-pressed={each === action}
              onClick={() => {
                setAction(each);
                setPage(1);
              }}
            >
              {READER_ACTION_TEXTS[each].tab}
            </button>
          ))}
        </div>
        {current && current.total > 0 && (
          <Button variant="secondary" disabled={making} onClick={() => void makeSegment()}>
            {making ? REPORTS_TEXTS.makingSegment : REPORTS_TEXTS.makeSegment}
          </Button>
        )}
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {!current ? (
        !error && <p className="report-readers__loading">{REPORTS_TEXTS.readersLoading}</p>
      ) : current.total === 0 ? (
        <EmptyNote>{READER_ACTION_TEXTS[action].empty}</EmptyNote>
      ) : (
        <>
          <div className="data-table report-readers__table" tabIndex={0} role="region" aria-label={`${READER_ACTION_TEXTS[action].tab}, scrollable`}>
            <table aria-label={`${READER_ACTION_TEXTS[action].tab}: ${formatCount(current.total)}`}>
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Name</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {current.readers.map((reader) => (
                  <tr key={reader.subscriber_id}>
                    <td>
                      <Link to={subscriberPath(reader.subscriber_id)}>{reader.email}</Link>
                    </td>
                    <td>{[reader.first_name, reader.last_name].filter(Boolean).join(' ')}</td>
                    <td>{when.format(new Date(reader.at))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="report-readers__pager">
            <span role="status">{`${formatCount(current.total)} in all · page ${page} of ${formatCount(pages)}`}</span>
            <Button variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Button variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
