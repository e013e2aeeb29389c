/**
 * Where uploaded files live (docs/files.md): one interface, two kinds.
 * - local (embedded default): files under FILES_DIR (<DATA_DIR>/files); the browser PUTs the bytes
 *   to the console's own API at a link signed with the server's key (./upload-link.ts).
 * - s3: an S3-compatible bucket; the browser PUTs the bytes to a presigned URL of an "incoming"
 *   object, which the content check (./service.ts settle) moves to the file's key or deletes.
 * In both kinds an upload first lands beside the files (incoming), is checked by its content and
 * only then appears under its key: nothing unchecked is ever at a key.
 */
import type { FileUploadRow } from '../../db/schema';

/** What arrived for an upload: its size and its first bytes (enough for the magic number). */
export interface IncomingFile {
  size: number;
  head: Uint8Array;
}

export interface FileStorageBase {
  /** Where the browser PUTs the bytes of this upload (step two). */
  uploadUrl(upload: FileUploadRow): Promise<string>;
  /** What arrived for the upload so far; null when nothing did. */
  incoming(upload: FileUploadRow): Promise<IncomingFile | null>;
  /** Makes a checked upload the file at its key, with the content type found. */
  promote(upload: FileUploadRow, contentType: string): Promise<void>;
  /** Forgets what arrived for an upload (refused, or never to be used). */
  discardIncoming(upload: FileUploadRow): Promise<void>;
  /** Whether a file is at the key. */
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

/** The bytes the content check reads (file-type's reasonable detection size). */
export const CONTENT_SAMPLE_BYTES = 4100;
