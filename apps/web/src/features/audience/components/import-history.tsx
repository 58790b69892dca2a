import type { ImportProgress } from '@postlark/shared/imports';
import { formatMoment } from '../audience-content';
import { formatCount, IMPORT_KIND_TEXTS, IMPORT_STATUS_LABELS } from '../tools-content';
import './import-page.css';
import '../../../components/ui/quiet-tag.css';

interface ImportHistoryProps {
  imports: readonly ImportProgress[];
  onOpen(id: string): void;
}

/** The customer's recent imports, newest first, each opening its progress or report. */
export function ImportHistory({ imports, onOpen }: ImportHistoryProps) {
  return (
    <section className="dash-card import-history" aria-labelledby="import-history-title">
      <h2 id="import-history-title" className="import-setup__title">
        Recent imports
      </h2>
      {imports.length === 0 ? (
        <p className="import-setup__lead">Your imports will show here with what each one added.</p>
      ) : (
        <div className="import-history__scroll">
          <table className="import-history__table">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Started</th>
                <th scope="col">Status</th>
                <th scope="col" className="import-history__number">
                  Added
                </th>
                <th scope="col" className="import-history__number">
                  Updated
                </th>
                <th scope="col" className="import-history__number">
                  Rejected
                </th>
              </tr>
            </thead>
            <tbody>
              {imports.map((item) => (
                <tr key={item.id}>
                  <td>
                    <button type="button" className="import-history__open" onClick={() => onOpen(item.id)}>
                      {item.file_name}
                    </button>
                    {item.kind === 'products' && <span className="quiet-tag">{IMPORT_KIND_TEXTS.products.choice}</span>}
                  </td>
                  <td>{formatMoment(item.started_at ?? item.created_at)}</td>
                  <td>
                    <span className={`import-status__badge import-status__badge--${item.status}`}>{IMPORT_STATUS_LABELS[item.status]}</span>
                  </td>
                  <td className="import-history__number">{formatCount(item.added)}</td>
                  <td className="import-history__number">{formatCount(item.updated)}</td>
                  <td className="import-history__number">{formatCount(item.rejected)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
