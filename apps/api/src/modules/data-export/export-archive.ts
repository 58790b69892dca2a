import { strToU8, zipSync } from 'fflate';
import { UTF8_BOM } from '../../lib/csv';
import type { ExportFile } from './export-files';


/** One ZIP holding the export's CSV files, each stamped with the time the export was built. */
export function zipExport(files: readonly ExportFile[], builtAt: Date): Buffer {
  const entries = Object.fromEntries(files.map((file) => [file.name, strToU8(UTF8_BOM + file.content)]));
  return Buffer.from(zipSync(entries, { level: 6, mtime: builtAt }));
}
