/**
 * Session events raised by parts of the platform that must not depend on sign-out or the
 * permission store themselves (the API client). watchSession() turns a 401 into a sign-out; the
 * permission store reads the user's permissions again after a 403.
 */
type Listener = () => void;

const unauthorizedListeners = new Set<Listener>();

/** Subscribes to "the API answered 401 (token rejected)". Returns the unsubscribe function. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function emitUnauthorized(): void {
  for (const listener of [...unauthorizedListeners]) listener();
}

const forbiddenListeners = new Set<Listener>();

/** Subscribes to "the API answered 403 (not allowed)". Returns the unsubscribe function. */
export function onForbidden(listener: Listener): () => void {
  forbiddenListeners.add(listener);
  return () => forbiddenListeners.delete(listener);
}

export function emitForbidden(): void {
  for (const listener of [...forbiddenListeners]) listener();
}
