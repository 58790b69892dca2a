import { connect } from 'node:net';

// A message's spam score from the operator's filter (SPAMD_URL): SpamAssassin's spamd over its
// own TCP protocol (SPAMC/1.5, the SYMBOLS command: the verdict and the names of the rules that
// fired), or rspamd's HTTP /checkv2 (JSON with the score, the threshold and each symbol's score).
// Either answers in a few hundred milliseconds for a newsletter; past the timeout we give up.

export interface SpamScore {
  score: number;
  threshold: number;
  /** The rules that fired; with their scores when the filter gives them (rspamd), highest first. */
  rules: string[];
}

export type SpamChecker = (message: Buffer) => Promise<SpamScore>;

/** The filter did not score the message: its answer, or why there was none. */
export class SpamCheckError extends Error {}

// What we read of an answer at most: a verdict and a rule list are a few kilobytes.
const MAX_ANSWER_BYTES = 256 * 1024;
const SPAMD_PORT = 783;

export function spamCheckerFrom(url: string, timeoutMs: number): SpamChecker {
  const target = new URL(url);
  if (target.protocol === 'spamd:') {
    const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
    const port = target.port ? Number(target.port) : SPAMD_PORT;
    return (message) => spamdSymbols(host, port, message, timeoutMs);
  }
  const endpoint = target.pathname.endsWith('/checkv2') ? target : new URL(`${target.pathname.replace(/\/$/, '')}/checkv2`, target);
  return (message) => rspamdCheck(endpoint, message, timeoutMs);
}

/** A number as a person reads a score: one decimal, no trailing zero. */
const rounded = (value: number) => Math.round(value * 10) / 10;

/**
 * One SYMBOLS request: `SYMBOLS SPAMC/1.5`, Content-length, the message; spamd answers
 * `SPAMD/1.1 0 EX_OK`, a `Spam: True ; 6.1 / 5.0` header, a blank line and the rule names
 * separated by commas, then closes. A code other than 0 (`SPAMD/1.0 76 Bad header line`) is its refusal.
 */
export function spamdSymbols(host: string, port: number, message: Buffer, timeoutMs: number): Promise<SpamScore> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let read = 0;
    const socket = connect({ host, port });
    const fail = (error: Error) => {
      socket.destroy();
      reject(error instanceof SpamCheckError ? error : new SpamCheckError(error.message));
    };
    socket.setTimeout(timeoutMs, () => fail(new SpamCheckError(`spamd did not answer within ${timeoutMs / 1000} s`)));
    socket.on('connect', () => {
      socket.write(`SYMBOLS SPAMC/1.5\r\nContent-length: ${message.length}\r\n\r\n`);
      // Half-closed after the message: spamd reads to the end, answers, then closes its side.
      socket.end(message);
    });
    socket.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > MAX_ANSWER_BYTES) return fail(new SpamCheckError('spamd answered more than expected'));
      chunks.push(chunk);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => fail(new SpamCheckError(error.code === 'ECONNREFUSED' ? 'spamd refused the connection' : error.message)));
    socket.on('end', () => {
      try {
        resolve(parseSpamdAnswer(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** spamd's answer to SYMBOLS, read line by line (no pattern over the whole answer). */
export function parseSpamdAnswer(answer: string): SpamScore {
  const headerEnd = answer.indexOf('\r\n\r\n');
  const head = (headerEnd < 0 ? answer : answer.slice(0, headerEnd)).split('\r\n');
  const body = headerEnd < 0 ? '' : answer.slice(headerEnd + 4);
  const status = (head[0] ?? '').split(' ');
  if (!status[0]?.startsWith('SPAMD/') || status.length < 3) throw new SpamCheckError(`spamd answered ${JSON.stringify((head[0] ?? '').slice(0, 120))}`);
  if (status[1] !== '0') throw new SpamCheckError(`spamd answered ${status.slice(1).join(' ').slice(0, 120)}`);
  const verdict = head.find((line) => line.toLowerCase().startsWith('spam:'));
  // "Spam: True ; 6.1 / 5.0"
  const figures = verdict?.slice(verdict.indexOf(';') + 1).split('/') ?? [];
  const score = Number(figures[0]?.trim());
  const threshold = Number(figures[1]?.trim());
  if (!verdict || figures.length !== 2 || !Number.isFinite(score) || !Number.isFinite(threshold)) throw new SpamCheckError('spamd gave no score');
  const rules = body
    .split(',')
    .map((rule) => rule.trim())
    .filter(Boolean);
  return { score: rounded(score), threshold: rounded(threshold), rules };
}

interface RspamdAnswer {
  score?: unknown;
  required_score?: unknown;
  symbols?: Record<string, { name?: string; score?: number }>;
}

/** rspamd's HTTP check: the message as the body, JSON back. */
export async function rspamdCheck(endpoint: URL, message: Buffer, timeoutMs: number): Promise<SpamScore> {
  let response: Response;
  try {
    response = await fetch(endpoint, { method: 'POST', body: message, headers: { 'content-type': 'message/rfc822' }, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new SpamCheckError(timedOut ? `rspamd did not answer within ${timeoutMs / 1000} s` : 'rspamd could not be reached');
  }
  const text = await response.text();
  if (!response.ok) throw new SpamCheckError(`rspamd answered ${response.status}`);
  let answer: RspamdAnswer;
  try {
    answer = JSON.parse(text.slice(0, MAX_ANSWER_BYTES)) as RspamdAnswer;
  } catch {
    throw new SpamCheckError('rspamd answered something other than JSON');
  }
  if (typeof answer.score !== 'number' || typeof answer.required_score !== 'number') throw new SpamCheckError('rspamd gave no score');
  const rules = Object.entries(answer.symbols ?? {})
    .map(([name, symbol]) => ({ name: symbol.name ?? name, score: typeof symbol.score === 'number' ? symbol.score : 0 }))
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .map((symbol) => `${symbol.name} (${rounded(symbol.score)})`);
  return { score: rounded(answer.score), threshold: rounded(answer.required_score), rules };
}
