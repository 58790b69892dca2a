import type { RejectionReason } from '@postlark/shared/imports';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { CsvLimitError } from '../../lib/csv-reader';
import { dnsLookup } from '../senders/dns-resolver';
import { type DomainChecker, type DomainCheckSettings } from './domain-check';
import { type ImportRunDeps, storedRows } from './import-file';

// What a subscribers import checks besides each address's form (issue 32, point 6): the customer's
// consent confirmation for a larger file, and whether each address's domain takes mail.

export interface ImportChecks {
  /** Rows past which a subscribers file waits for the customer's consent confirmation. */
  consentAbove: number;
  /** How recipients' domains are looked up; undefined: they are not (IMPORT_CHECK_DOMAINS=false). */
  domains?: DomainCheckSettings;
}

/** What the run-import job takes: the run's own dependencies and the checks it makes. */
export interface ImportJobDeps extends ImportRunDeps {
  checks: ImportChecks;
}

export function importChecksFrom(config: AppConfig): ImportChecks {
  const timeoutMs = Math.round(config.IMPORT_DNS_TIMEOUT_SECONDS * 1000);
  return {
    consentAbove: config.IMPORT_CONSENT_CONFIRM_ABOVE,
    // One try per look-up: a domain that does not answer is kept anyway, so a second wait buys little.
    domains: config.IMPORT_CHECK_DOMAINS ? { dns: dnsLookup(config.DNS_SERVERS, { timeoutMs, tries: 1 }), concurrency: config.IMPORT_DNS_CONCURRENCY, timeoutMs, canary: config.IMPORT_DNS_CANARY } : undefined,
  };
}

/**
 * Whether the stored file has more than `limit` rows, counted as the run counts them (not the
 * header, not blank rows). Reads only as far as it must: a few hundred rows, the first piece or two.
 * A file the reader cannot get through says no: the run then reports why it cannot be read.
 */
export async function rowsPastThreshold(db: Db, importId: string, hasHeader: boolean, limit: number): Promise<boolean> {
  let rowNumber = 0;
  let rows = 0;
  try {
    for await (const piece of storedRows(db, importId)) {
      for (const cells of piece.rows) {
        rowNumber += 1;
        if ((rowNumber === 1 && hasHeader) || cells.every((cell) => cell.trim() === '')) continue;
        rows += 1;
        if (rows > limit) return true;
      }
    }
  } catch (error) {
    if (error instanceof CsvLimitError) return false;
    throw error;
  }
  return false;
}

export interface DomainSorted<Row> {
  kept: Row[];
  rejected: { row: Row; reason: Extract<RejectionReason, 'no_mail_server' | 'refuses_mail'>; domain: string }[];
  /** Rows kept although DNS gave no answer about their domain. */
  unchecked: number;
}

/** Sorts a batch's rows by what their domain's DNS says: kept, rejected with the domain, or kept unchecked. */
export async function sortByDomain<Row extends { email: string }>(checker: DomainChecker, rows: readonly Row[]): Promise<DomainSorted<Row>> {
  const domainOf = (row: Row) => row.email.slice(row.email.lastIndexOf('@') + 1);
  const verdicts = await checker.verdicts(rows.map(domainOf));
  const sorted: DomainSorted<Row> = { kept: [], rejected: [], unchecked: 0 };
  for (const row of rows) {
    const domain = domainOf(row);
    const verdict = verdicts.get(domain);
    if (verdict === 'no_mail_server' || verdict === 'refuses_mail') {
      sorted.rejected.push({ row, reason: verdict, domain });
      continue;
    }
    if (verdict === 'unknown') sorted.unchecked += 1;
    sorted.kept.push(row);
  }
  return sorted;
}
