import type { DocumentType } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../audit';
import { documentSequences } from '../../db/schema';

export interface DocumentNumberRequest {
  issuerId: string;
  documentType: DocumentType;
  /** The document's year (numbering restarts at 1 each year). */
  year: number;
}

/**
 * Takes the next number of an issuer's document type and year: gapless, never twice.
 *
 * Call it inside the transaction that stores the document (the invoices area). The upsert locks
 * the sequence row until that transaction ends: a concurrent allocation of the same sequence
 * waits, and sees the number this one took once it commits; a rollback gives the number back,
 * so the numbers of committed documents have no gaps. The first allocation of a year creates the
 * row (a concurrent first allocation waits on it through ON CONFLICT).
 */
export async function allocateDocumentNumber(
  tx: Tx,
  request: DocumentNumberRequest,
): Promise<number> {
  const [row] = await tx
    .insert(documentSequences)
    .values({
      issuerId: request.issuerId,
      documentType: request.documentType,
      year: request.year,
      nextNumber: 2,
    })
    .onConflictDoUpdate({
      target: [documentSequences.issuerId, documentSequences.documentType, documentSequences.year],
      set: { nextNumber: sql`${documentSequences.nextNumber} + 1` },
    })
    .returning({ allocated: sql<string>`${documentSequences.nextNumber} - 1` });
  if (!row) throw new Error('document number not allocated');
  return Number(row.allocated);
}

/** How a number is printed: prefix per type, year and six digits (INV-2026-000042). */
export const DOCUMENT_NUMBER_PREFIXES: Record<DocumentType, string> = {
  invoice: 'INV',
  receipt: 'RCT',
  credit_note: 'CRN',
};

export function formatDocumentNumber(
  documentType: DocumentType,
  year: number,
  number: number,
): string {
  return `${DOCUMENT_NUMBER_PREFIXES[documentType]}-${year}-${String(number).padStart(6, '0')}`;
}
