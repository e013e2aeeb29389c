import { ValidationError } from '../../http/errors';
import { keyedMessage } from '../../csv';

/** The keyset cursor of stock/detail: the last row's sort value and id, for one sort and order. */
export interface Cursor {
  sort: string;
  order: string;
  value: string;
  id: string;
}

/** The opaque keyset cursor of stock/detail (base64url JSON; the bench builds deep ones). */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** A cursor from another sort or order, or not one of ours, is a 400. */
export function decodeCursor(text: string, sort: string, order: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (
      cursor.sort === sort &&
      cursor.order === order &&
      typeof cursor.value === 'string' &&
      typeof cursor.id === 'string' &&
      /^[0-9a-f-]{36}$/i.test(cursor.id)
    ) {
      return cursor;
    }
  } catch {
    // fall through
  }
  throw new ValidationError([
    { field: 'cursor', message: keyedMessage('invalidFormat', { format: 'cursor' }) },
  ]);
}
