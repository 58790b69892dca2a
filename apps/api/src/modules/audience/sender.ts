import type { AdditionalInfo } from '../../db/schema/accounts';

/** Who a subscriber hears from: the customer's company, else their name. */
export function senderName(customer: { firstName: string; lastName: string; additionalInfo: AdditionalInfo }): string {
  return customer.additionalInfo.company?.trim() || `${customer.firstName} ${customer.lastName}`.trim();
}
