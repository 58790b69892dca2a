import { customType } from 'drizzle-orm/pg-core';

// PGlite answers bytea as a Uint8Array, node-postgres as a Buffer: the app always gets a Buffer.
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});
