import { createHash } from 'node:crypto';
import type { ImportColumn } from '@postlark/shared/imports';
import { checkProduct, PRODUCT_MESSAGES, type ProductInput, productSchema } from '@postlark/shared/products';
import { FingerprintSet } from '../../lib/fingerprint-set';
import { productInputOf, productsAmong, upsertProducts } from '../events/products.repository';
import { setLocalAsyncCommit } from './import-batch.repository';
import { endRun, type ImportRunDeps, storedRows } from './import-file';
import { addRejections, type ImportRow, saveProgress, startRun } from './imports.repository';

// A CSV of products into the catalogue, through the same pipeline as subscribers: the stored file
// read a piece at a time, batches of rows each in one transaction, progress as it goes, and every
// row not taken listed with the reason (the API's own message for the field).

const BATCH_ROWS = 2_000;

/** What a row says about a product: only its non-empty cells (an empty cell never clears a value). */
type Given = Partial<Omit<ProductInput, 'id'>>;

interface ProductRowRead {
  rowNumber: number;
  cells: string[];
  id: string;
  given: Given;
}

interface Rejection {
  rowNumber: number;
  reason: string;
  cells: string[];
}

const IN_STOCK: Record<string, boolean> = { yes: true, no: false, true: true, false: false, '1': true, '0': false };
// Digits with an optional decimal part, as a spreadsheet writes a plain number; at most 30 characters.
const PRICE = /^\d{1,20}(\.\d{1,9})?$/;

/**
 * Reads one row by the customer's mapping. Categories are split at | or ; and a price is rounded to
 * the column's four decimals. Answers the reason when a cell cannot be read at all.
 */
function productReader(columns: readonly ImportColumn[]) {
  return (cells: string[], rowNumber: number): ProductRowRead | Rejection => {
    const row: ProductRowRead = { rowNumber, cells, id: '', given: {} };
    let priceCurrency: string | undefined;
    for (const [index, column] of columns.entries()) {
      const value = (cells[index] ?? '').trim();
      if (value === '') continue;
      switch (column.field) {
        case 'id':
          row.id = value;
          break;
        case 'title':
          row.given.title = value;
          break;
        case 'url':
          row.given.url = value;
          break;
        case 'image_url':
          row.given.image_url = value;
          break;
        case 'price':
          if (!PRICE.test(value)) return { rowNumber, reason: PRODUCT_MESSAGES.priceCell, cells };
          row.given.price = Math.round(Number(value) * 10_000) / 10_000;
          priceCurrency = column.currency;
          break;
        case 'currency':
          row.given.currency = value;
          break;
        case 'categories':
          row.given.categories = value
            .split(/[|;]/)
            .map((name) => name.trim())
            .filter((name) => name !== '');
          break;
        case 'in_stock': {
          const inStock = IN_STOCK[value.toLowerCase()];
          if (inStock === undefined) return { rowNumber, reason: PRODUCT_MESSAGES.inStockCell, cells };
          row.given.in_stock = inStock;
          break;
        }
        default:
          break;
      }
    }
    // The price column's currency serves the rows that name none of their own.
    if (row.given.price !== undefined && row.given.currency === undefined && priceCurrency) row.given.currency = priceCurrency;
    return row;
  };
}

/**
 * Writes one batch in one transaction. A product already there takes what the row gives over
 * what it had (unchanged when that is all the same); a new one needs at least its title. Each is
 * checked as the API checks a product, so the file and the API take and refuse the same.
 */
async function writeBatch(deps: ImportRunDeps, record: ImportRow, rows: ProductRowRead[], rejections: Rejection[], progress: { bytesDone: number; rows: number }) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await setLocalAsyncCommit(tx);
    const existing = new Map((await productsAmong(tx, record.customerId, rows.map((row) => row.id))).map((row) => [row.id, productInputOf(row)]));
    const writes: ProductInput[] = [];
    let unchanged = 0;
    for (const row of rows) {
      const before = existing.get(row.id);
      if (!before && row.given.title === undefined) {
        rejections.push({ rowNumber: row.rowNumber, reason: PRODUCT_MESSAGES.titleRequiredNew, cells: row.cells });
        continue;
      }
      const checked = checkProduct(productSchema, { ...(before ?? { id: row.id }), ...row.given });
      if (!checked.ok) {
        rejections.push({ rowNumber: row.rowNumber, reason: checked.message, cells: row.cells });
        continue;
      }
      if (before && JSON.stringify(checked.product) === JSON.stringify(before)) unchanged += 1;
      else writes.push(checked.product);
    }
    const created = await upsertProducts(tx, record.customerId, writes, now);
    await addRejections(tx, rejections.map((rejection) => ({ importId: record.id, ...rejection })));
    await saveProgress(tx, record.id, {
      bytesDone: progress.bytesDone,
      rows: progress.rows,
      added: created.size,
      updated: writes.length - created.size,
      unchanged,
      rejected: rejections.length,
    });
  });
}

/**
 * Runs a products import from the top (safe again after an interruption: what was written is
 * found again as unchanged). A product id given twice in the file keeps its first row; the later
 * ones are listed as rejected.
 */
export async function runProductImport(deps: ImportRunDeps, record: ImportRow): Promise<void> {
  await startRun(deps.db, record.id, deps.now());
  const readRow = productReader(record.columns);
  const seen = new FingerprintSet();
  let rowNumber = 0;
  let pending: ProductRowRead[] = [];
  let rejections: Rejection[] = [];
  let rowsSinceSave = 0;
  let bytesDone = 0;

  async function flush() {
    await writeBatch(deps, record, pending, rejections, { bytesDone, rows: rowsSinceSave });
    pending = [];
    rejections = [];
    rowsSinceSave = 0;
  }

  function take(cells: string[]) {
    rowNumber += 1;
    if (rowNumber === 1 && record.hasHeader) return;
    if (cells.every((cell) => cell.trim() === '')) return;
    rowsSinceSave += 1;
    const row = readRow(cells, rowNumber);
    if ('reason' in row) rejections.push(row);
    else if (row.id === '') rejections.push({ rowNumber, reason: PRODUCT_MESSAGES.idInvalid, cells });
    else if (!seen.add(createHash('sha256').update(row.id).digest())) rejections.push({ rowNumber, reason: PRODUCT_MESSAGES.repeatedInFile, cells });
    else pending.push(row);
  }

  try {
    for await (const piece of storedRows(deps.db, record.id)) {
      bytesDone = piece.bytesDone;
      for (const cells of piece.rows) {
        take(cells);
        if (pending.length + rejections.length >= BATCH_ROWS) await flush();
      }
    }
    await flush();
  } catch (error) {
    return endRun(deps, record.id, { error });
  }
  await endRun(deps, record.id);
}
