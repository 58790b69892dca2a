import './integrations-row.css';

// SPEC sections 1 and 2: a CRM, two email services and an AI model provider, shown as text
// wordmarks with simple glyphs of our own, not the companies' logo files.
const INTEGRATIONS = [
  { name: 'HubSpot', kind: 'CRM', glyph: '◎' },
  { name: 'Mailchimp', kind: 'Email service', glyph: '✉' },
  { name: 'beehiiv', kind: 'Newsletter platform', glyph: '⬡' },
  { name: 'OpenAI', kind: 'AI models', glyph: '✦' },
] as const;

/** Section 2: the integrations row. */
export function IntegrationsRow() {
  return (
    <section className="integrations" aria-labelledby="integrations-title">
      <div className="container">
        <h2 id="integrations-title" className="integrations__title">
          Works with the tools you already use
        </h2>
        <ul className="integrations__list">
          {INTEGRATIONS.map((integration) => (
            <li key={integration.name} className="integrations__item">
              <span className="integrations__glyph" aria-hidden="true">
                {integration.glyph}
              </span>
              <span>
                <span className="integrations__name">{integration.name}</span>
                <span className="integrations__kind">{integration.kind}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
