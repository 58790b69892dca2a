// The words MTAs use when their codes say little: many answer 5.0.0, 5.5.0, 5.7.1 or no enhanced
// code at all for an unknown user and for a blocklisted sender alike, and only the text tells them
// apart. Checked in the order below on the lower-cased diagnostic, with plain `includes`; the first
// group that matches decides. The order is the point: refusals about the sender are checked before
// the address's fate, because a text such as "blocked using zen.spamhaus.org; user unknown?" is a
// refusal of us, and a dead-address verdict suppresses a reader for good.
import type { ReportOutcome } from './report-outcome';

/** A rule's phrases, written as one `|`-separated list to keep the table readable. */
function words(list: string): readonly string[] {
  return list.split('|');
}

export interface PhraseRule {
  outcome: ReportOutcome;
  reason: string;
  phrases: readonly string[];
}

export const PHRASE_RULES: readonly PhraseRule[] = [
  // Delivered notices written as prose (some MTAs send them without an Action field).
  { outcome: 'none', reason: 'delivered', phrases: words('delivery to the following recipients was completed|successfully delivered|was delivered to') },
  // A temporary DNS failure reads like an unknown domain but says to try again.
  { outcome: 'soft', reason: 'network', phrases: words('host not found, try again|temporary failure in name resolution|try again later (dns') },
  // The rejection came at MAIL FROM, or names our envelope sender: our address was refused, not the reader's.
  {
    outcome: 'sender',
    reason: 'sender-address',
    phrases: words(
      'after mail from|sender address rejected|sender rejected|sender was rejected|sender verify failed|sender domain|domain of sender|envelope sender|sender is not allowed|sender not allowed|sender denied',
    ),
  },
  // The state of the reader's account, checked before the blocklist words: "the account is blocked" is about them, not us.
  {
    outcome: 'soft',
    reason: 'suspended',
    phrases: words(
      'account is blocked|account has been blocked|account is disabled|account has been disabled|mailbox is disabled|mailbox has been disabled|temporary locked|temporarily locked|account is locked|account suspended|account has been suspended|mailbox is suspended|compte du destinataire est bloque',
    ),
  },
  // TLS: the receiver wants an encrypted channel we did not offer, a setting of our MTA.
  { outcome: 'sender', reason: 'tls', phrases: words('starttls|tls required|requires tls|must use tls|encryption required|tls is required|tls connection') },
  // Reverse DNS: the receiver refuses connecting IPs without a matching PTR record.
  {
    outcome: 'sender',
    reason: 'ptr',
    phrases: words(
      "reverse dns|reverse lookup|ptr record|no ptr|rdns|reverse hostname|reverse address|cannot find your hostname|can't find your hostname|not resolve your|reverse-dns|no reverse|hostname lookup|cannot find your reverse|have a valid ptr|dns ptr|not have a ptr|ptr resource|ip name lookup failed|ip address has no ptr|no matching ptr|gethostbyaddr",
    ),
  },
  // Authentication of our domain (SPF, DKIM, DMARC) failed, or the receiver wants SMTP AUTH.
  {
    outcome: 'sender',
    reason: 'authentication',
    phrases: words(
      'spf|dkim|dmarc|sender policy framework|not designated as permitted sender|not permitted sender|authentication required|authentication is required|unauthenticated|does not pass authentication|fails authentication|failed authentication|domain authentication|auth required|smtp auth|sender authentication',
    ),
  },
  // DNS blocklists name the sending IP or domain.
  {
    outcome: 'sender',
    reason: 'blocklist',
    phrases: words(
      'spamhaus|blocked using|blacklist|blocklist|block list|black list|dnsbl|rbl|sorbs|spamcop|barracuda|is listed|are listed|listed by|listed at |realtime block|mail-abuse|cbl.abuseat|uceprotect|spamrl|blocked by|on our block|ip blocked|ip address blocked|ip is blocked|has been blocked|is blocked|was blocked',
    ),
  },
  // Our connecting host was refused: its IP, its name, its HELO.
  {
    outcome: 'sender',
    reason: 'blocked',
    phrases: words(
      'my name was rejected|client host rejected|invalid ip|banned sending ip|sending ip|your ip|helo|ehlo|connection refused by|not allowed to send|connections not accepted|access denied, banned|dial-up|dynamic ip|residential',
    ),
  },
  { outcome: 'sender', reason: 'reputation', phrases: words('reputation|senderscore|sender score|bad sender|poor sending|low quality') },
  // Too much at once: connections, rate, recipients per connection.
  {
    outcome: 'sender',
    reason: 'rate',
    phrases: words(
      'too many connections|too many concurrent|too many simultaneous|connection limit|rate limit|rate-limit|ratelimit|too many messages|sending rate|throttl|too fast|exceeded the rate|too many errors|too many recipients|at a rate|recipients this hour|too many sessions|try again later, closing connection|slow down|temporarily deferred due to|unusual rate',
    ),
  },
  // Relaying: the receiver does not accept mail for this domain from us (often a wrong MX).
  {
    outcome: 'sender',
    reason: 'relay-denied',
    phrases: words(
      'relaying denied|relay access denied|relay not permitted|not permitted to relay|unable to relay|relaying not allowed|relaying mail to|we do not relay|no relaying|relay denied|relay prohibited|allowed rcpthosts|not a gateway|relaying is not|not allowed to relay|cannot relay|open relay',
    ),
  },
  // Spam and malware filters about the message itself.
  { outcome: 'sender', reason: 'spam', phrases: words('spam|junk mail|bulk mail|unsolicited|phishing|suspicious') },
  {
    outcome: 'sender',
    reason: 'content',
    phrases: words(
      'virus|malware|infected|content rejected|message content|banned attachment|attachment type|attachments are not|content filter|rfc 5322|rfc5322|rfc 2822|rfc2822|rfc 822|header error|invalid header|duplicate header|malformed header|header field|not compliant|bare line|invalid line',
    ),
  },
  // The domain does not receive mail (before the user rules: "domain does not exist" is not a user).
  {
    outcome: 'dead',
    reason: 'unknown-domain',
    phrases: words(
      "host unknown|unknown host|domain not found|no such domain|domain does not exist|domain doesn't exist|unrouteable mail domain|unroutable mail domain|name or service not known|host not found|nxdomain|no mx |no mx record|mx record|host or domain name not found|unknown domain|domain name not found|domain is not|no such host|domain lookup failed|unresolvable|unknown mail domain|host name lookup failure|dns lookup failed|no valid mx|does not accept mail|null mx|not accept any mail|no smtp service|illegal host|invalid domain",
    ),
  },
  { outcome: 'dead', reason: 'moved', phrases: words('has moved|moved to|no longer with|changed address|forwarding address|address has changed') },
  // Suspended and disabled accounts may come back: counted, not suppressed at once.
  {
    outcome: 'soft',
    reason: 'suspended',
    phrases: words('suspended|disabled|inactive|deactivated|frozen|not active|on hold|account expired|blocked account|is locked'),
  },
  {
    outcome: 'dead',
    reason: 'unknown-user',
    phrases: words(
      "user unknown|unknown user|no such user|no such mailbox|no such recipient|no such address|no such person|unknown recipient|recipient unknown|invalid recipient|recipient not found|user not found|address not found|mailbox not found|mailbox unavailable|mailbox is unavailable|does not exist|doesn't exist|not exist|invalid mailbox|unknown mailbox|no mailbox|not a valid mailbox|doesn't have a|unrouteable address|unroutable address|no longer available|not a known user|undeliverable address|recipient rejected|nosuchuser|not our customer|user doesn|invalid address|address invalid|bad address|not listed in|no account|unknown account|account does not|not found|no user|user invalid|invalid user|illegal alias|unknown local part|not a valid user|is not valid|mailbox does not|no such local user|addressee unknown|unknown address|mailbox unknown|invalid rcpt|couldn't be found|could not be found|no valid recipients|no such account",
    ),
  },
  {
    outcome: 'soft',
    reason: 'mailbox-full',
    phrases: words(
      'mailbox full|mailbox is full|quota|exceeded storage|insufficient storage|mailbox size limit|full mailbox|not enough disk space|disk full|mailbox has exceeded|over the limit|storage limit|too much mail|mail box full|mailfolder is full|exceeds the maximum|mailbox exceeded|is over its|full of mail|inbox is full|out of storage|mailbox limit',
    ),
  },
  {
    outcome: 'soft',
    reason: 'too-big',
    phrases: words('too big|too large|size exceeds|exceeds size|message size|size limit|exceeds the size|message length exceeds'),
  },
  {
    outcome: 'soft',
    reason: 'expired',
    phrases: words(
      'retry timeout exceeded|retry time|delivery time expired|could not be delivered within|expired|giving up|gave up|too long in|has been delayed|will continue trying|still trying|not yet been delivered|queue|deferred',
    ),
  },
  {
    outcome: 'soft',
    reason: 'network',
    phrases: words(
      'connection refused|connection timed out|timed out|timeout|network is unreachable|no route to host|connection reset|lost connection|could not connect|unable to connect|connect to|name server|dns|routing loop|mail loop|loops back|too many hops|hop count',
    ),
  },
  { outcome: 'soft', reason: 'mailer-error', phrases: words('command failed|command died|procmail|mailer error|pipe to|x-unix|exit code|unknown mailer error') },
  {
    outcome: 'soft',
    reason: 'system',
    phrases: words('system error|internal error|temporary failure|temporarily|local error|server error|system is full|resources|try again|service unavailable|not available'),
  },
  // Our SMTP commands were refused (5.5.x, 50x): our MTA's doing.
  {
    outcome: 'sender',
    reason: 'protocol',
    phrases: words('command parameter not implemented|command not implemented|syntax error|command unrecognized|bad sequence of commands|protocol error'),
  },
  // Policy refusals with no more specific word: the receiver refused us, not the address.
  {
    outcome: 'sender',
    reason: 'policy',
    phrases: words(
      'policy|not allowed|access denied|administrative prohibition|prohibited|blocked|denied|refused|rejected|not authorized|not permitted|unacceptable|sender|mail from|forbidden|restricted|not accepted|banned|abuse|your isp',
    ),
  },
];

/** The first rule whose phrases the text contains (the text lower-cased by the caller). */
export function matchPhrases(lowered: string): PhraseRule | null {
  for (const rule of PHRASE_RULES) if (rule.phrases.some((phrase) => lowered.includes(phrase))) return rule;
  return null;
}
