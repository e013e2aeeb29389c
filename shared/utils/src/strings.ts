/** The ellipsis placed between the head and the tail of a truncated string. */
export const ELLIPSIS = '...';

/** Characters kept at the start of a truncated string (spec section 2: "the first 3 characters"). */
export const TRUNCATE_HEAD = 3;

/** Smallest tail kept at the end of a truncated string (spec: "a tail of at least 4 characters"). */
export const TRUNCATE_MIN_TAIL = 4;

/**
 * Shortens a long string (an ICCID, an order id, a token) to its first `head` characters, an
 * ellipsis and its last `tail` characters: `89811000000000000123` -> `898...0123`.
 * The tail is never shorter than 4 characters. A string that would not get shorter by
 * truncating (length <= head + ellipsis + tail) is returned unchanged.
 */
export function truncateMiddle(
  text: string,
  head: number = TRUNCATE_HEAD,
  tail: number = TRUNCATE_MIN_TAIL,
): string {
  const headLength = Math.max(0, Math.floor(head));
  const tailLength = Math.max(TRUNCATE_MIN_TAIL, Math.floor(tail));
  const chars = Array.from(text); // code points, so an emoji or a surrogate pair is never split
  if (chars.length <= headLength + ELLIPSIS.length + tailLength) return text;
  return chars.slice(0, headLength).join('') + ELLIPSIS + chars.slice(-tailLength).join('');
}

/** The spec's plural helper: adds 's' when count is above 1 (0 and 1 stay singular). */
export function pluralize(word: string, count: number): string {
  return count > 1 ? `${word}s` : word;
}
