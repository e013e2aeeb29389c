/** The rows of a db.execute() result (node-postgres and PGlite both answer { rows }). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

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

/** Text fields: '' and absent are "not set" (null). */
export function orNull(text: string | undefined | null): string | null {
  return text ? text : null;
}
