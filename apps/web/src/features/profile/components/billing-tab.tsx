import { BILLING_HISTORY_ROWS, PROFILE_TEXTS, SAMPLE_BILLING_ADDRESS } from '../profile-content';
import { CardHead } from '../../../components/ui/card';
import '../../../components/ui/data-table.css';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const formatDate = (iso: string) => dateFormat.format(new Date(`${iso}T00:00:00Z`));

/** SPEC section 2, Billing: a sample address with its place of supply, the payment button and 18 sample invoices. */
export function BillingTab() {
  return (
    <div className="profile-stack">
      <div className="profile-columns">
        <section className="dash-card" aria-labelledby="billing-address-title">
          <CardHead title="Billing address" titleId="billing-address-title" />
          <address className="profile-address">
            <strong>{SAMPLE_BILLING_ADDRESS.name}</strong>
            {SAMPLE_BILLING_ADDRESS.lines.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          <p className="profile-address__supply">{SAMPLE_BILLING_ADDRESS.placeOfSupply}</p>
        </section>
        <section className="dash-card profile-payment" aria-labelledby="payment-title">
          <CardHead title="Payment method" titleId="payment-title" text="Pay for your plan by card or UPI through our secure payment gateway." />
          <div className="profile-form__actions profile-form__actions--start">
            <button type="button" className="btn btn--primary profile-payment__button" disabled aria-describedby="payment-soon">
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                <path d="M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM2 10h20M6 15h4" />
              </svg>
              Pay with Card / UPI
            </button>
            <span id="payment-soon" className="soon-pill">
              {PROFILE_TEXTS.comingSoon}
            </span>
          </div>
        </section>
      </div>
      <section className="dash-card" aria-labelledby="billing-history-title">
        <CardHead title="Billing history" titleId="billing-history-title" text="Sample invoices: your own appear here once billing starts." />
        {/* Focusable, so the scrolling history can be moved with the keyboard. */}
        <div className="data-table data-table--compact data-table--framed" tabIndex={0} role="region" aria-labelledby="billing-history-title">
          <table>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Payment Method</th>
                <th scope="col" className="data-table__num">
                  Amount
                </th>
                <th scope="col" className="data-table__icon">
                  Invoice
                </th>
              </tr>
            </thead>
            <tbody>
              {BILLING_HISTORY_ROWS.map((row) => (
                <tr key={row.id}>
                  <td>
                    <time dateTime={row.date}>{formatDate(row.date)}</time>
                  </td>
                  <td>{row.method}</td>
                  <td className="data-table__num">{row.amount}</td>
                  <td className="data-table__icon">
                    <button type="button" className="profile-icon-button" aria-label={`Download invoice of ${formatDate(row.date)}`} aria-disabled="true" title={PROFILE_TEXTS.comingSoon}>
                      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                        <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
                      </svg>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
