import type { Readable } from 'node:stream';

// Where processed images live (issue 33, point 1): a folder under DATA_DIR by default, an
// S3-compatible bucket when the S3_* settings are given. Keys are content-addressed
// (`{sha256}.{ext}`), so a put of a key already there writes the same bytes, and two processes
// putting it at once cannot disagree.

export interface StoredObject {
  body: Readable;
  bytes: number;
}

export interface MediaStorage {
  /** Where it is, for the logs and the health of a deployment: "disk ./data/media", "s3 bucket". */
  readonly description: string;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes as a stream, or null when no such key is stored. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the key; removing one that is not there is not an error. */
  remove(key: string): Promise<void>;
}
