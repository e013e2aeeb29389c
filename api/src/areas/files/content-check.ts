/**
 * The content check: the file is judged by what it is, not by its name. Size against the
 * purpose's limit and the size named in step one, type by magic number (file-type) against the
 * type the name promised. Runs on what arrived (storage.incoming), before anything is at the key.
 */
import {
  FILE_TYPES,
  fileExtensionList,
  filePurposeRule,
  fileLimitBytes,
  type FilePurpose,
  type FileTypeName,
  type ValidationKey,
} from '@esim/contracts';
import { fileTypeFromBuffer } from 'file-type';
import type { IncomingFile } from './storage';

export type ContentVerdict =
  | { ok: true; contentType: string }
  | {
      ok: false;
      /** 'fileTooLarge' answers 413, the others 400. */
      reason: Extract<ValidationKey, 'fileTooLarge' | 'fileExtension' | 'fileEmpty'> | 'incomplete';
      params?: Record<string, string | number>;
    };

export async function checkContent(
  purpose: FilePurpose,
  expected: FileTypeName,
  announcedSize: number,
  file: IncomingFile,
): Promise<ContentVerdict> {
  if (file.size === 0) return { ok: false, reason: 'fileEmpty' };
  if (file.size > fileLimitBytes(purpose) || file.size > announcedSize) {
    return { ok: false, reason: 'fileTooLarge', params: { limit: filePurposeRule(purpose).maxMb } };
  }
  if (file.size < announcedSize) return { ok: false, reason: 'incomplete' };
  const found = await fileTypeFromBuffer(file.head);
  if (!found || found.mime !== FILE_TYPES[expected].mime) {
    return {
      ok: false,
      reason: 'fileExtension',
      params: { extensions: fileExtensionList(purpose) },
    };
  }
  return { ok: true, contentType: found.mime };
}
