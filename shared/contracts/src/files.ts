import * as v from 'valibot';
import { encodeMessage } from './messages';
import { RESOURCES, type Resource } from './permissions';
import { safeString } from './text-safety';

/*
 * File uploads (spec section 7 "Utilities", docs/files.md): two steps.
 *   POST utils/upload-file        { purpose, fileName, size, contentType? } -> FileUploadTicket
 *   PUT  <ticket.url>             the bytes, Content-Type: application/octet-stream, no
 *                                 Authorization header (the URL carries its own signature)
 *   POST utils/check-exist-file   { key } -> FileExistence
 * The server checks every file by its content (magic number), not only by its name: size
 * ('Files cannot be larger than {limit}MB.') and type ('Only {extensions} formats are supported.').
 */

/** The content types the server recognises by their magic number, with their extensions. */
export const FILE_TYPES = {
  png: { mime: 'image/png', extensions: ['.png'] },
  jpeg: { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  webp: { mime: 'image/webp', extensions: ['.webp'] },
  pdf: { mime: 'application/pdf', extensions: ['.pdf'] },
} as const;
export type FileTypeName = keyof typeof FILE_TYPES;

export interface FilePurposeRule {
  /** Who may upload (POST or PUT on it) and check (GET on it) such a file. */
  resource: Resource;
  types: readonly FileTypeName[];
  /** The size limit in MB (1 MB = 1024 * 1024 bytes). */
  maxMb: number;
  /** The first part of the file's key. */
  folder: string;
}

/** What a file is for: decides who may upload it, its types and its size limit. */
export const FILE_PURPOSES = {
  /** A partner's logo (screens /partners). */
  partnerLogo: {
    resource: RESOURCES.partners,
    types: ['png', 'jpeg', 'webp'],
    maxMb: 2,
    folder: 'partner-logo',
  },
  /** A file in a partner's custom field of data type file. */
  partnerFile: {
    resource: RESOURCES.partners,
    types: ['pdf', 'png', 'jpeg'],
    maxMb: 10,
    folder: 'partner-file',
  },
  /** A branch's (issuer's) logo or seal image, printed on its documents. */
  branchLogo: {
    resource: RESOURCES.branches,
    types: ['png', 'jpeg', 'webp'],
    maxMb: 2,
    folder: 'branch-logo',
  },
} as const satisfies Record<string, FilePurposeRule>;
export type FilePurpose = keyof typeof FILE_PURPOSES;
export const FILE_PURPOSE_NAMES = Object.keys(FILE_PURPOSES) as FilePurpose[];

/** The step-two PUT's content type (spec section 7). */
export const FILE_UPLOAD_CONTENT_TYPE = 'application/octet-stream';
/** The longest file name accepted (the key never contains it). */
export const FILE_NAME_MAX_LENGTH = 255;
const BYTES_PER_MB = 1024 * 1024;

/** The largest limit of any purpose, in bytes. */
export const FILE_MAX_BYTES = Math.max(
  ...Object.values(FILE_PURPOSES).map((rule) => rule.maxMb * BYTES_PER_MB),
);

export function filePurposeRule(purpose: FilePurpose): FilePurposeRule {
  return FILE_PURPOSES[purpose];
}

export function fileLimitBytes(purpose: FilePurpose): number {
  return FILE_PURPOSES[purpose].maxMb * BYTES_PER_MB;
}

/** The extensions a purpose takes, with their dot: ['.png', '.jpg', '.jpeg', '.webp']. */
export function fileExtensionsOf(purpose: FilePurpose): string[] {
  return FILE_PURPOSES[purpose].types.flatMap((type) => [...FILE_TYPES[type].extensions]);
}

/** The extensions parameter of the type message: '.png, .jpg, .jpeg, .webp'. */
export function fileExtensionList(purpose: FilePurpose): string {
  return fileExtensionsOf(purpose).join(', ');
}

/** The extension of a file name, lower-case with its dot ('.png'); '' when there is none. */
export function fileNameExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

/** The type a purpose expects for this file name, by its extension; undefined when it takes none. */
export function fileTypeForName(purpose: FilePurpose, fileName: string): FileTypeName | undefined {
  const extension = fileNameExtension(fileName);
  return FILE_PURPOSES[purpose].types.find((type) =>
    (FILE_TYPES[type].extensions as readonly string[]).includes(extension),
  );
}

export function isFilePurpose(value: unknown): value is FilePurpose {
  return typeof value === 'string' && Object.hasOwn(FILE_PURPOSES, value);
}

/** 'Only {extensions} formats are supported.' for a purpose (encoded message key). */
export function fileTypeMessage(purpose: FilePurpose): string {
  return encodeMessage('fileExtension', { extensions: fileExtensionList(purpose) });
}

/** 'Files cannot be larger than {limit}MB.' for a purpose (encoded message key). */
export function fileSizeMessage(purpose: FilePurpose): string {
  return encodeMessage('fileTooLarge', { limit: FILE_PURPOSES[purpose].maxMb });
}

/**
 * Why a file cannot be uploaded for a purpose, judged by its name and size (the browser's
 * check before sending; the server checks the content again): an encoded message, or undefined.
 */
export function fileUploadProblem(
  purpose: FilePurpose,
  file: { name: string; size: number },
): string | undefined {
  if (!fileTypeForName(purpose, file.name)) return fileTypeMessage(purpose);
  if (file.size <= 0) return encodeMessage('fileEmpty');
  if (file.size > fileLimitBytes(purpose)) return fileSizeMessage(purpose);
  return undefined;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ALL_EXTENSIONS = [
  ...new Set(Object.values(FILE_TYPES).flatMap((type) => type.extensions)),
].map((extension) => extension.slice(1));

/**
 * A file's key: `<purpose folder>/<uuid>.<extension>`, made by the server. Nothing of the user's
 * file name is in it, so it can never name a path outside the storage.
 */
export const FILE_KEY_PATTERN = new RegExp(
  `^(${Object.values(FILE_PURPOSES)
    .map((rule) => rule.folder)
    .join('|')})/${UUID}\\.(${ALL_EXTENSIONS.join('|')})$`,
);

/** The purpose a key belongs to (by its folder); undefined for anything else. */
export function filePurposeOfKey(key: string): FilePurpose | undefined {
  if (!FILE_KEY_PATTERN.test(key)) return undefined;
  const folder = key.slice(0, key.indexOf('/'));
  return FILE_PURPOSE_NAMES.find((purpose) => FILE_PURPOSES[purpose].folder === folder);
}

const purposeField = v.picklist(FILE_PURPOSE_NAMES, encodeMessage('required', { name: 'purpose' }));

/** POST utils/upload-file: the file about to be sent (step one). */
export const uploadFileSchema = v.pipe(
  v.object({
    purpose: purposeField,
    fileName: v.pipe(
      safeString(encodeMessage('required', { name: 'fileName' })),
      v.trim(),
      v.nonEmpty(encodeMessage('required', { name: 'fileName' })),
      v.maxLength(
        FILE_NAME_MAX_LENGTH,
        encodeMessage('maxLength', { name: 'fileName', length: FILE_NAME_MAX_LENGTH }),
      ),
    ),
    /** Bytes; the PUT must send exactly these. */
    size: v.pipe(
      v.number(encodeMessage('validType', { name: 'size', type: 'number' })),
      v.integer(encodeMessage('integer', { name: 'size' })),
      v.minValue(1, encodeMessage('fileEmpty')),
      v.maxValue(
        FILE_MAX_BYTES,
        encodeMessage('fileTooLarge', { limit: FILE_MAX_BYTES / BYTES_PER_MB }),
      ),
    ),
    /** The browser's idea of the type (File.type); informative, the content decides. */
    contentType: v.optional(
      v.pipe(
        safeString(encodeMessage('validType', { name: 'contentType', type: 'string' })),
        v.maxLength(255, encodeMessage('maxLength', { name: 'contentType', length: 255 })),
      ),
    ),
  }),
  v.forward(
    v.check(
      (input) => fileTypeForName(input.purpose, input.fileName) !== undefined,
      (issue) => fileTypeMessage((issue.input as { purpose: FilePurpose }).purpose),
    ),
    ['fileName'],
  ),
  v.forward(
    v.check(
      (input) => input.size <= fileLimitBytes(input.purpose),
      (issue) => fileSizeMessage((issue.input as { purpose: FilePurpose }).purpose),
    ),
    ['size'],
  ),
);
export type UploadFileRequest = v.InferInput<typeof uploadFileSchema>;

/** POST utils/check-exist-file: a key from a ticket. */
export const checkExistFileSchema = v.object({
  key: v.pipe(
    safeString(encodeMessage('required', { name: 'key' })),
    v.nonEmpty(encodeMessage('required', { name: 'key' })),
    v.maxLength(200, encodeMessage('invalidFormat', { format: 'key' })),
    v.regex(FILE_KEY_PATTERN, encodeMessage('invalidFormat', { format: 'key' })),
  ),
});
export type CheckExistFileRequest = v.InferInput<typeof checkExistFileSchema>;

/** The signed link of step two (query of the console's own upload URL, local storage). */
export const uploadContentQuerySchema = v.object({
  token: v.pipe(
    v.string(encodeMessage('required', { name: 'token' })),
    v.maxLength(2000, encodeMessage('invalidFormat', { format: 'token' })),
    v.regex(/^[\w-]+\.[\w-]+$/, encodeMessage('invalidFormat', { format: 'token' })),
  ),
});

/** The answer of step one: where and how to send the bytes. */
export interface FileUploadTicket {
  /** The file's key: name it in check-exist-file and in the record the file belongs to. */
  key: string;
  /** Absolute, or relative to the console's origin (the embedded default). */
  url: string;
  method: 'PUT';
  /** Send exactly these headers (and no Authorization). */
  headers: { 'Content-Type': typeof FILE_UPLOAD_CONTENT_TYPE };
  /** The link is refused after this instant (ISO). */
  expiresAt: string;
  /** The bytes the PUT must carry (the size named in step one). */
  size: number;
}

/** The answer of check-exist-file (and of the local PUT). */
export interface FileExistence {
  key: string;
  exists: boolean;
  /** Only when it exists: the original name, the content type found and the size. */
  fileName?: string;
  contentType?: string;
  size?: number;
}
