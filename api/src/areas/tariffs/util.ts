/** The rows of a db.execute() result (node-postgres and PGlite both answer { rows }). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Text fields: '' and absent are "not set" (null). */
export function orNull(text: string | undefined | null): string | null {
  return text ? text : null;
}
