import type { PersonEvent } from '@postlark/shared/events';

// A person's events as a sentence each, for their timeline: the built-in names read as what
// happened, a custom event as its own name with the properties that say most.

const money = (value: number, currency: string) => {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
};

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

const BOUNCE_KINDS: Record<string, string> = { hard: 'the address does not exist', soft: 'a temporary problem', complaint: 'marked as spam' };

/** A bounce as the receiver put it: what kind, its status code, and its own words (cut short). */
function bounceSentence(properties: Record<string, unknown>): string {
  const kind = text(properties.kind);
  const status = text(properties.status);
  const detail = text(properties.detail).slice(0, 160);
  if (kind === 'complaint') return 'Marked an email as spam';
  const what = [BOUNCE_KINDS[kind] ?? kind, status].filter(Boolean).join(', ');
  return `An email bounced${what ? ` (${what})` : ''}${detail ? `: “${detail}”` : ''}`;
}

/** Where it came from, as a person would say it. */
export function eventSourceLabel(source: string): string {
  if (source === 'own') return 'Postlark';
  if (source === 'api') return 'API';
  if (source === 'import') return 'Import';
  return source.charAt(0).toUpperCase() + source.slice(1);
}

export function eventSentence(event: PersonEvent): string {
  const properties = event.properties ?? {};
  const machine = event.machine ? ' (by a machine: a privacy proxy or scanner)' : '';
  switch (event.name) {
    case 'order_placed': {
      const amount = event.value !== null && event.currency ? ` for ${money(event.value, event.currency)}` : '';
      const items = Array.isArray(properties.items) ? properties.items.length : 0;
      return `Placed order ${text(properties.order_id)}${amount}${items > 0 ? `, ${items} ${items === 1 ? 'item' : 'items'}` : ''}`;
    }
    case 'product_viewed':
      return `Viewed product ${text(properties.product_id)}`;
    case 'email_delivered':
      return 'An email was delivered';
    case 'email_opened':
      return `Opened an email${machine}`;
    case 'email_clicked':
      return `Clicked ${text(properties.url) || 'a link'}${machine}`;
    case 'email_bounced':
      return bounceSentence(properties);
    case 'email_unsubscribed':
      return 'Unsubscribed';
    default: {
      const details = Object.entries(properties)
        .filter(([, value]) => text(value) !== '')
        .slice(0, 3)
        .map(([key, value]) => `${key}: ${text(value).slice(0, 60)}`);
      const amount = event.value !== null && event.currency ? ` · ${money(event.value, event.currency)}` : '';
      return `${event.name}${details.length > 0 ? ` (${details.join(', ')})` : ''}${amount}`;
    }
  }
}
