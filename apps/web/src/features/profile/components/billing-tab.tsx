import { Link } from 'react-router';
import type { UserProfile } from '@postlark/shared/account';
import { CONTACT_TAB_PATH } from '@postlark/shared/routes';
import { BILLING_TEXTS, PROFILE_TEXTS } from '../profile-content';
import { CardHead } from '../../../components/ui/card';
import { EmptyNote } from '../../../components/ui/page-state';
import '../../../components/ui/data-table.css';

/** The customer's own address, from their Contact information; blank parts are left out. */
function addressLines(info: UserProfile['additional_info']): string[] {
  const name = [info.first_name, info.last_name].filter(Boolean).join(' ');
  const town = [info.city, [info.state, info.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [name, info.company, info.street_address, town, info.country].map((line) => line.trim()).filter(Boolean);
}

/**
 * SPEC section 2, Billing: the billing address, the payment button and the billing history. The
 * address is the customer's own and the history is empty until billing starts (issue 38): the
 * spec's samples were another company's address and invoices, shown as if they were the customer's.
 */
export function BillingTab({ profile }: { profile: UserProfile | null }) {
  const info = profile?.additional_info;
  // Without a street or town there is no address to bill to, only a name.
  const hasAddress = Boolean(info && (info.street_address.trim() || info.city.trim()));
  const [name, ...lines] = info && hasAddress ? addressLines(info) : [];
  const place = info?.state.trim() || info?.country.trim();

  return (
    <div className="profile-stack">
      <div className="profile-columns">
        <section className="dash-card" aria-labelledby="billing-address-title">
          <CardHead title="Billing address" titleId="billing-address-title" />
          {hasAddress ? (
            <>
              <address className="profile-address">
                <strong>{name}</strong>
                {lines.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
              {place && <p className="profile-address__supply">{BILLING_TEXTS.placeOfSupply(place)}</p>}
              <p className="profile-address__edit">
                <Link to={CONTACT_TAB_PATH}>{BILLING_TEXTS.editAddress}</Link>
              </p>
            </>
          ) : (
            <>
              <EmptyNote framed>{BILLING_TEXTS.noAddress}</EmptyNote>
              <p className="profile-address__edit">
                <Link to={CONTACT_TAB_PATH}>{BILLING_TEXTS.addAddress}</Link>
              </p>
            </>
          )}
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
        <CardHead title="Billing history" titleId="billing-history-title" text={BILLING_TEXTS.historyIntro} />
        <div className="data-table data-table--compact data-table--framed">
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
          </table>
          <div className="profile-billing-empty">
            <EmptyNote>
              <strong>{BILLING_TEXTS.noInvoices}</strong> {BILLING_TEXTS.noInvoicesText}
            </EmptyNote>
          </div>
        </div>
      </section>
    </div>
  );
}
