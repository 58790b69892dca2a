// Made-up shops' orders as POST /api/v1/events takes them, for the insights tests (API and browser).

const DAY_MS = 86_400_000;

/** One order_placed event, its id the idempotency key. */
export function orderEvent(email: string, orderId: string, at: Date, value: number, currency = 'EUR') {
  return { name: 'order_placed', email, id: `order-${orderId}`, occurred_at: at.toISOString(), value, currency, properties: { order_id: orderId, items: [] } };
}

/**
 * 120 customers of a made-up shop, each buying at their own pace from early 2026: a third once,
 * the others up to six times, some long gone by `until`. Enough for both models to fit.
 */
export function steadyShop(domain: string, until: Date): ReturnType<typeof orderEvent>[] {
  const events: ReturnType<typeof orderEvent>[] = [];
  for (let person = 0; person < 120; person++) {
    const gap = 9 + ((person * 37) % 53);
    const count = person % 3 === 0 ? 1 : 1 + ((person * 7) % 6);
    let at = Date.UTC(2026, 0, 5) + ((person * 11) % 150) * DAY_MS;
    for (let number = 0; number < count && at < until.getTime(); number++) {
      events.push(orderEvent(`buyer${person}@${domain}`, `${domain}-${person}-${number}`, new Date(at), 20 + ((person * 13 + number * 7) % 70)));
      at += (gap + ((number * 17 + person) % 11)) * DAY_MS;
    }
  }
  return events;
}
