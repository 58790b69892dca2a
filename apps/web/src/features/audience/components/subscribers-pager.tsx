import { Button } from '../../../components/ui/button';
import { shownRange } from '../subscriber-query';
import './subscribers-pager.css';

interface SubscribersPagerProps {
  pageIndex: number;
  rowsOnPage: number;
  total: number;
  hasNext: boolean;
  busy: boolean;
  onPrevious(): void;
  onNext(): void;
  /** The pages' name for screen readers; the subscribers' by default. */
  label?: string;
}

const count = new Intl.NumberFormat('en-GB');

/** "Showing X–Y of TOTAL" and the Previous and Next buttons of the keyset pages. */
export function SubscribersPager({ pageIndex, rowsOnPage, total, hasNext, busy, onPrevious, onNext, label = 'Subscriber pages' }: SubscribersPagerProps) {
  const { from, to } = shownRange(pageIndex, rowsOnPage);
  return (
    <nav className="subscribers-pager" aria-label={label}>
      <p className="subscribers-pager__range" role="status">
        Showing {count.format(from)}–{count.format(to)} of {count.format(total)}
      </p>
      <div className="subscribers-pager__buttons">
        <Button variant="secondary" onClick={onPrevious} disabled={pageIndex === 0 || busy}>
          Previous
        </Button>
        <Button variant="secondary" onClick={onNext} disabled={!hasNext || busy}>
          Next
        </Button>
      </div>
    </nav>
  );
}
