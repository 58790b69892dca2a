// Auto-replies (RFC 3834 and the vacation, out-of-office and autoresponder messages that predate
// it) come back to the envelope sender too. They ask for no action, and must not be read as
// bounces: the reader is there, only away. Bounces themselves often carry `Auto-Submitted:
// auto-replied` (Exim's do), so that header alone is not enough when the message comes from a
// mailer daemon or has a bounce's subject.
import { header, type Headers } from './mime-parts';

const AUTO_REPLY_SUBJECTS = [
  'out of office',
  'out of the office',
  'automatic reply',
  'auto reply',
  'auto-reply',
  'autoreply',
  'auto response',
  'auto-response',
  'autoresponse',
  'automatische antwort',
  'abwesenheit',
  'vacation',
  'away until',
  'away from',
  'on leave',
  'absence',
  'réponse automatique',
  'respuesta automática',
  'risposta automatica',
  'automatisch antwoord',
  'resposta automática',
  'autosvar',
  '自動応答',
  '自動返信',
  '不在',
];

const BOUNCE_SUBJECTS = [
  'undeliver',
  'undelivered',
  'delivery',
  'returned',
  'failure',
  'failed',
  'not delivered',
  'could not be delivered',
  'non remis',
  'unzustellbar',
  'error',
  'rejected',
  'bounce',
];

const DAEMONS = ['mailer-daemon', 'postmaster', 'mail-daemon', 'mailerdaemon', 'mail delivery'];

function fromDaemon(headers: Headers): boolean {
  const from = header(headers, 'from').toLowerCase();
  return DAEMONS.some((daemon) => from.includes(daemon));
}

/** Whether a message that is neither a DSN nor an ARF report is an auto-reply. */
export function isAutoReply(headers: Headers, subject: string): boolean {
  const lowered = subject.toLowerCase();
  if (fromDaemon(headers) || BOUNCE_SUBJECTS.some((word) => lowered.includes(word))) return false;
  if (headers.has('x-autoreply') || headers.has('x-autorespond') || headers.has('x-autoresponder')) return true;
  if (header(headers, 'precedence').toLowerCase().includes('auto_reply')) return true;
  if (header(headers, 'auto-submitted').toLowerCase().startsWith('auto-replied')) return true;
  if (lowered.startsWith('auto:') || lowered.startsWith('autoreply:')) return true;
  return AUTO_REPLY_SUBJECTS.some((phrase) => lowered.includes(phrase));
}
