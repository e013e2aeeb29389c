/** Escapes text for HTML element content and attribute values (dependency-free: Lambdas reuse it). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`=/]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
