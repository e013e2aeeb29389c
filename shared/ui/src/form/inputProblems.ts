import { useCallback, useSyncExternalStore } from 'react';
import { set, type FieldErrors, type FieldValues } from 'react-hook-form';

/*
 * Problems only the text of an input knows. '1500.50' typed into a whole-yen field has no value
 * the schema could refuse with the right message (the field stores nothing while it is invalid),
 * so the field records the message here and the form's resolver reports it as the field's error:
 * the form cannot be submitted with it, and the message is the spec's. Keyed by the form's control.
 */
interface ProblemBook {
  problems: Map<string, string>;
  listeners: Set<() => void>;
}

const books = new WeakMap<object, ProblemBook>();

function bookOf(control: object): ProblemBook {
  let book = books.get(control);
  if (!book) {
    book = { problems: new Map(), listeners: new Set() };
    books.set(control, book);
  }
  return book;
}

/** Records (message) or clears (null) the input problem of one field of a form. */
export function setInputProblem(control: object, name: string, message: string | null): void {
  const book = bookOf(control);
  if ((book.problems.get(name) ?? null) === message) return;
  if (message === null) book.problems.delete(name);
  else book.problems.set(name, message);
  for (const listener of book.listeners) listener();
}

/** The resolver's errors with every recorded input problem added; null when there are none. */
export function withInputProblems<TValues extends FieldValues>(
  control: object | undefined,
  errors: FieldErrors<TValues>,
): FieldErrors<TValues> | null {
  const problems = control ? books.get(control)?.problems : undefined;
  if (!problems || problems.size === 0) return null;
  const merged: FieldErrors<TValues> = { ...errors };
  for (const [name, message] of problems) set(merged, name, { type: 'input', message });
  return merged;
}

/** True while any field of the form holds text it cannot accept (to disable its Save). */
export function useHasInputProblem(control: object): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const book = bookOf(control);
      book.listeners.add(listener);
      return () => book.listeners.delete(listener);
    },
    [control],
  );
  return useSyncExternalStore(subscribe, () => bookOf(control).problems.size > 0);
}
