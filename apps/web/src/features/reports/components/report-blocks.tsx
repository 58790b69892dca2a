import { BLOCK_ATTRIBUTION_DAYS, BLOCK_MESSAGES, type CampaignReportBlock } from '@postlark/shared/content-blocks';
import { formatMoney } from '../../insights/insights-format';
import { formatCount } from '../report-format';
import { Card } from '../../../components/ui/card';
import '../../../components/ui/data-table.css';
import './reports.css';

/** "Content blocks": clicks on recommended products and the orders that followed them (issue 21). */
export function ReportBlocks({ blocks }: { blocks: readonly CampaignReportBlock[] }) {
  if (blocks.length === 0) return null;
  return (
    <Card
      className="report-card"
      title="Content blocks"
      titleId="report-blocks-title"
      text={`Orders placed within ${BLOCK_ATTRIBUTION_DAYS} days of a person’s first click on a recommended product count for the block.`}
    >
      <div className="data-table report-links" tabIndex={0} role="region" aria-label="Content blocks, scrollable">
        <table aria-labelledby="report-blocks-title">
          <thead>
            <tr>
              <th scope="col">Block</th>
              <th scope="col" className="data-table__num">
                Clicks
              </th>
              <th scope="col" className="data-table__num">
                Unique clicks
              </th>
              <th scope="col" className="data-table__num">
                Orders
              </th>
              <th scope="col" className="data-table__num">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {blocks.map((block) => (
              <tr key={block.block}>
                <td>{BLOCK_MESSAGES.recommendedProducts}</td>
                <td className="data-table__num">{formatCount(block.clicks)}</td>
                <td className="data-table__num">{formatCount(block.unique_clicks)}</td>
                <td className="data-table__num">{formatCount(block.orders)}</td>
                <td className="data-table__num">{formatMoney(block.revenue, block.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
