import type { RfmCell, RfmGroupTotal } from '@postlark/shared/insights-dashboard';
import { RFM_COLUMNS, RFM_ROWS, rfmGrid, rfmGroupRows } from '../insights-charts';
import { RFM_GROUP_NOTES } from '../insights-content';
import { formatCount, formatMoney, formatShare } from '../insights-format';
import './purchases.css';

const CELL_W = 72;
const CELL_H = 56;
const GAP = 4;
const LEFT = 40;
const BOTTOM = 40;
const WIDTH = LEFT + RFM_COLUMNS.length * CELL_W;
const HEIGHT = RFM_ROWS.length * CELL_H + BOTTOM;

const groupClass = (group: string) => `insights-group--${group.toLowerCase().replace(/\s+/g, '-')}`;

/**
 * The 5 × 5 heat grid of recency (rows, 5 = bought lately) by frequency (columns, 5 = most
 * orders): how many customers in each cell, darker where more are. Beside it, the groups.
 */
export function RfmGrid({ cells, groups, currency }: { cells: readonly RfmCell[]; groups: readonly RfmGroupTotal[]; currency: string | null }) {
  const grid = rfmGrid(cells);
  const rows = rfmGroupRows(groups);
  const total = rows.reduce((sum, row) => sum + row.customers, 0);
  const busiest = grid.flat().reduce((best, cell) => (cell.customers > best.customers ? cell : best), grid[0]![0]!);
  const summary = `RFM grid of ${formatCount(total)} customers, recency by frequency. Busiest cell: recency ${busiest.recency}, frequency ${busiest.frequency}, with ${formatCount(busiest.customers)}.`;

  return (
    <div className="insights-rfm">
      <figure className="insights-rfm__figure">
        <svg role="img" aria-label={summary} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="insights-rfm__svg">
          {grid.map((row, rowIndex) => (
            <g key={RFM_ROWS[rowIndex]}>
              <text className="insights-rfm__axis-label" x={LEFT - 12} y={rowIndex * CELL_H + CELL_H / 2} dy="0.35em" textAnchor="end">
                {RFM_ROWS[rowIndex]}
              </text>
              {row.map((cell, columnIndex) => {
                const x = LEFT + columnIndex * CELL_W;
                const y = rowIndex * CELL_H;
                const dark = cell.intensity > 0.55;
                return (
                  <g key={cell.frequency}>
                    <rect className="insights-rfm__well" x={x + GAP / 2} y={y + GAP / 2} width={CELL_W - GAP} height={CELL_H - GAP} rx={8} />
                    {cell.customers > 0 && (
                      <rect
                        className="insights-rfm__cell"
                        x={x + GAP / 2}
                        y={y + GAP / 2}
                        width={CELL_W - GAP}
                        height={CELL_H - GAP}
                        rx={8}
                        fillOpacity={0.12 + 0.88 * cell.intensity}
                      >
                        <title>{`Recency ${cell.recency}, frequency ${cell.frequency}: ${formatCount(cell.customers)} customers${cell.group ? ` (${cell.group})` : ''}`}</title>
                      </rect>
                    )}
                    <text className={`insights-rfm__count${dark ? ' insights-rfm__count--dark' : ''}`} x={x + CELL_W / 2} y={y + CELL_H / 2 - 3} textAnchor="middle">
                      {cell.customers > 0 ? formatCount(cell.customers) : '·'}
                    </text>
                    {cell.customers > 0 && (
                      <text className={`insights-rfm__share${dark ? ' insights-rfm__share--dark' : ''}`} x={x + CELL_W / 2} y={y + CELL_H / 2 + 13} textAnchor="middle">
                        {formatShare(cell.share)}
                      </text>
                    )}
                  </g>
                );
              })}
            </g>
          ))}
          {RFM_COLUMNS.map((frequency, index) => (
            <text key={frequency} className="insights-rfm__axis-label" x={LEFT + index * CELL_W + CELL_W / 2} y={RFM_ROWS.length * CELL_H + 16} textAnchor="middle">
              {frequency}
            </text>
          ))}
          <text className="insights-rfm__axis-title" x={LEFT + (RFM_COLUMNS.length * CELL_W) / 2} y={HEIGHT - 2} textAnchor="middle">
            Frequency →
          </text>
          <text className="insights-rfm__axis-title" x={10} y={(RFM_ROWS.length * CELL_H) / 2} textAnchor="middle" transform={`rotate(-90 10 ${(RFM_ROWS.length * CELL_H) / 2})`}>
            Recency →
          </text>
        </svg>
        <figcaption className="insights-rfm__caption">Scores 1–5 by fifths of your customers: recency 5 bought most lately, frequency 5 ordered most often.</figcaption>
      </figure>
      <ul className="insights-groups" aria-label="RFM groups">
        {rows.map((row) => (
          <li key={row.group} className={`insights-groups__item ${groupClass(row.group)}`}>
            <span className="insights-groups__swatch" aria-hidden="true" />
            <span className="insights-groups__name">
              <strong>{row.group}</strong>
              <span className="insights-groups__note">{RFM_GROUP_NOTES[row.group]}</span>
            </span>
            <span className="insights-groups__figures">
              <strong>{formatCount(row.customers)}</strong>
              <span className="insights-groups__note">
                {formatShare(row.share)} · {formatMoney(row.revenue, currency)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <div className="visually-hidden">
        <table>
          <caption>Customers by recency (rows) and frequency (columns) score</caption>
          <thead>
            <tr>
              <th scope="col">Recency</th>
              {RFM_COLUMNS.map((frequency) => (
                <th key={frequency} scope="col">
                  Frequency {frequency}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.map((row, index) => (
              <tr key={RFM_ROWS[index]}>
                <th scope="row">Recency {RFM_ROWS[index]}</th>
                {row.map((cell) => (
                  <td key={cell.frequency}>{formatCount(cell.customers)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
