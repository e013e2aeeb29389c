import { encodeMessage } from '@esim/contracts';
import { formatExtensionList, hasAllowedExtension, isWithinSizeLimit } from '@esim/utils';

/** What an import endpoint accepts, from its contract (e.g. STOCK_IMPORT_MAX_MB, *_COLUMNS). */
export interface CsvImportLimits {
  /** File name extensions, with or without the dot ('.csv'). */
  extensions: readonly string[];
  /** Largest file in MB ('Files cannot be larger than {limit}MB.'). */
  maxMb: number;
  /** The columns in order, for the screen's help text. */
  columns: readonly string[];
}

/** The file input's accept attribute: the extensions, plus text/csv for a .csv import. */
export function acceptAttribute(limits: CsvImportLimits): string {
  const extensions = formatExtensionList(limits.extensions).split(', ');
  return [...extensions, ...(extensions.includes('.csv') ? ['text/csv'] : [])].join(',');
}

/**
 * Why a chosen file is refused before anything is sent (a validation message key with its
 * params, see @esim/contracts messages), or undefined when it may be sent.
 */
export function csvFileProblem(
  file: { name: string; size: number },
  limits: CsvImportLimits,
): string | undefined {
  if (!hasAllowedExtension(file.name, limits.extensions))
    return encodeMessage('fileExtension', { extensions: formatExtensionList(limits.extensions) });
  if (!isWithinSizeLimit(file.size, limits.maxMb))
    return encodeMessage('fileTooLarge', { limit: limits.maxMb });
  if (file.size === 0) return encodeMessage('fileEmpty');
  return undefined;
}
