// Who opened: a person, or a machine fetching images for them. Apple Mail Privacy Protection
// loads every image of every message as it arrives, through Apple's proxies, with a bare
// "Mozilla/5.0" user agent; security gateways fetch pixels and follow links to scan them. Their
// hits are kept, flagged, and left out of human open rates. Opens within seconds of delivery are
// flagged where they are written (tracking.repository.ts), since only the database knows when a
// message was delivered.

/** Opens this soon after the message was handed to the relay are a machine's. */
export const MACHINE_OPEN_WINDOW_SECONDS = 5;

// Security scanners and link checkers, by the names they give (case-insensitive parts).
const SCANNER_AGENTS = [
  'barracuda',
  'mimecast',
  'proofpoint',
  'symantec',
  'messagelabs',
  'trendmicro',
  'trend micro',
  'forcepoint',
  'sophos',
  'fortinet',
  'cisco',
  'ironport',
  'zscaler',
  'paloalto',
  'safelinks',
  'bitdefender',
  'kaspersky',
  'headlesschrome',
  'phantomjs',
  'python-requests',
  'python-urllib',
  'go-http-client',
  'curl/',
  'wget/',
  'libwww-perl',
  'java/',
  'okhttp',
  'apache-httpclient',
  'bot',
  'crawler',
  'spider',
];

/** Apple's proxy fetches with this user agent and nothing more. */
const APPLE_PROXY_AGENT = 'Mozilla/5.0';

/** Apple owns 17.0.0.0/8; its privacy proxies fetch from there. */
function isAppleAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4.startsWith('17.');
}

/** True for a known machine by what it says it is (or where it comes from). */
export function isMachineAgent(userAgent: string | undefined, ip: string): boolean {
  const agent = (userAgent ?? '').trim();
  if (!agent) return true;
  if (agent === APPLE_PROXY_AGENT || isAppleAddress(ip)) return true;
  const lower = agent.toLowerCase();
  return SCANNER_AGENTS.some((part) => lower.includes(part));
}
