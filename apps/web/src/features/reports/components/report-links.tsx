import { type CampaignReportLink, REPORT_MESSAGES } from '@postlark/shared/campaign-reports';
import { BLOCK_MESSAGES } from '@postlark/shared/content-blocks';
import { formatCount, isPersonalisedLink } from '../report-format';
import { Card } from '../../../components/ui/card';
import { EmptyNote } from '../../../components/ui/page-state';
import '../../../components/ui/data-table.css';
import './reports.css';

/** "Clicks per link": each tracked link with its clicks, most clicked first, as the API orders them. */
export function ReportLinks({ links, tracking }: { links: readonly CampaignReportLink[]; tracking: boolean }) {
  const top = links.reduce((most, link) => Math.max(most, link.clicks), 0);
  return (
    <Card className="report-card" title="Clicks per link" titleId="report-links-title">
      {!tracking ? (
        <EmptyNote>{REPORT_MESSAGES.trackingOff}</EmptyNote>
      ) : links.length === 0 ? (
        <EmptyNote>No link has been clicked yet.</EmptyNote>
      ) : (
        // The one part that may scroll sideways: long addresses stay whole and readable.
        <div className="data-table report-links" tabIndex={0} role="region" aria-label="Clicks per link, scrollable">
          <table aria-labelledby="report-links-title">
            <thead>
              <tr>
                <th scope="col">Link</th>
                <th scope="col" className="data-table__num">
                  Clicks
                </th>
                <th scope="col" className="data-table__num">
                  Unique clicks
                </th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <tr key={link.url}>
                  <td className="report-links__url">
                    {link.url === BLOCK_MESSAGES.recommendedProducts ? (
                      // Every recommended product link of the block, each person's own products (issue 21).
                      <span className="report-links__personal">
                        {link.url}
                        <small>each person’s own products</small>
                      </span>
                    ) : isPersonalisedLink(link.url) ? (
                      <span className="report-links__personal" title={`${link.url} (different for each subscriber)`}>
                        {link.url}
                        <small>different for each subscriber</small>
                      </span>
                    ) : (
                      <a href={link.url} title={link.url} target="_blank" rel="noopener noreferrer">
                        {link.url}
                      </a>
                    )}
                    <span className="report-links__bar" aria-hidden="true">
                      <span style={{ width: `${top > 0 ? (link.clicks / top) * 100 : 0}%` }} />
                    </span>
                  </td>
                  <td className="data-table__num">{formatCount(link.clicks)}</td>
                  <td className="data-table__num">{formatCount(link.unique_clicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
