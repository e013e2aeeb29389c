/** Text fields: '' and absent are "not set" (null). */
export function orNull(text: string | undefined | null): string | null {
  return text ? text : null;
}
