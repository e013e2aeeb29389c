/** Helpers every area's list and detail queries share. */

/** A timestamp as the API answers it (ISO 8601, UTC). */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** 'yyyy-MM-dd' is inclusive: the range runs to the start of the next day. */
export function endOfRange(to: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(to)) {
    const date = new Date(`${to}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + 1);
    return date;
  }
  return new Date(to);
}

/** The yyyy-MM-dd `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A JSON column as node-postgres (parsed) or PGlite (text) answers it. */
export function parseJson<T>(value: T | string | null | undefined): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : (value ?? null);
}

/** LIKE pattern for a user's search text: %, _ and \ match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The rows of a db.execute() result (node-postgres and PGlite both answer { rows }). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
