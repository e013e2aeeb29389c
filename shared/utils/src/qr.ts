/** The parts of an LPA activation code that the console shows. */
export interface QrParts {
  /** SM-DP+ address (second `$` part), '' when absent. */
  address: string;
  /** Matching / activation id (third `$` part), '' when absent. */
  id: string;
}

/**
 * Splits a QR code string on the dollar sign: the second part is the address, the third the id.
 * `LPA:1$smdp.example.com$MATCHING-ID` -> `{ address: 'smdp.example.com', id: 'MATCHING-ID' }`.
 */
export function splitQrString(qr: string): QrParts {
  const parts = qr.trim().split('$');
  return { address: parts[1] ?? '', id: parts[2] ?? '' };
}
