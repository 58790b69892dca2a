import './platform-mark.css';

// SPEC section 1: the three email platforms offered for connection. The sidebar, the integration
// choice and the profile's Integrations tab show the same three, in this order. The marks are
// simple monograms of our own, not the companies' logo files.
export const PLATFORMS = [
  { id: 'mailchimp', name: 'Mailchimp', monogram: 'M' },
  { id: 'brevo', name: 'Brevo', monogram: 'B' },
  { id: 'beehiiv', name: 'beehiiv', monogram: 'b' },
] as const;
export type PlatformId = (typeof PLATFORMS)[number]['id'];

/** A platform's square monogram; decorative, since its name is always written beside it. */
export function PlatformMark({ platform, size = 'md' }: { platform: PlatformId; size?: 'sm' | 'md' | 'lg' }) {
  const entry = PLATFORMS.find((candidate) => candidate.id === platform);
  return (
    <span className={`platform-mark platform-mark--${platform} platform-mark--${size}`} aria-hidden="true">
      {entry?.monogram}
    </span>
  );
}
