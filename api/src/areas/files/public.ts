/** What other areas may use of files: check that a key they are given names a stored file. */
export { createFileService, type FileService } from './service';
export type { FileDeps } from './service';
