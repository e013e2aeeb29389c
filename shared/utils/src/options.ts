/** An option of a select or a filter: label/value pair (spec section 2). */
export interface Option<V = string> {
  label: string;
  value: V;
}

/** The value of the prepended 'All' option: show everything, i.e. no filter. */
export const ALL_VALUE = '__all__';
export type AllValue = typeof ALL_VALUE;

/** Builds options from records: toOptions(countries, 'nameEnglish', 'code'). */
export function toOptions<T, L extends keyof T, K extends keyof T>(
  items: readonly T[],
  labelKey: L,
  valueKey: K,
): Option<T[K]>[] {
  return items.map((item) => ({ label: String(item[labelKey] ?? ''), value: item[valueKey] }));
}

/** Prepends the 'All' option (translated label, show-all value) to a list of options. */
export function withAllOption<V, A = AllValue>(
  options: readonly Option<V>[],
  allLabel: string,
  allValue: A = ALL_VALUE as A,
): Option<V | A>[] {
  return [{ label: allLabel, value: allValue }, ...options];
}

/** The filter value to send: undefined (no filter) for the show-all value, else the value. */
export function toFilterValue<V>(value: V | AllValue | null | undefined): V | undefined {
  return value === ALL_VALUE || value === null || value === undefined ? undefined : (value as V);
}
