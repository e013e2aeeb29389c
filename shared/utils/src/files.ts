/** Bytes in one MB as the size messages count it ("Files cannot be larger than {limit}MB"). */
export const BYTES_PER_MB = 1024 * 1024;

function normalizeExtension(extension: string): string {
  return extension.trim().replace(/^\.+/, '').toLowerCase();
}

/** The extension of a file name, lower-case and without the dot; '' when there is none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : normalizeExtension(fileName.slice(dot + 1));
}

/**
 * True when the file's extension is in the allowed list (spec section 5). Case-insensitive;
 * list entries may be written with or without the dot ('csv', '.CSV').
 */
export function hasAllowedExtension(fileName: string, allowed: readonly string[]): boolean {
  const extension = fileExtension(fileName);
  return extension !== '' && allowed.some((entry) => normalizeExtension(entry) === extension);
}

/** True when a file of `bytes` bytes is not larger than `limitMb` MB. */
export function isWithinSizeLimit(bytes: number, limitMb: number): boolean {
  return bytes <= limitMb * BYTES_PER_MB;
}

/** The extensions parameter of the fileExtension message: ['csv', '.xlsx'] -> '.csv, .xlsx'. */
export function formatExtensionList(allowed: readonly string[]): string {
  return allowed.map((entry) => `.${normalizeExtension(entry)}`).join(', ');
}
