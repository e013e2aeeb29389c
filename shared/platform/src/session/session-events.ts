/**
 * Session events raised by parts of the platform that must not depend on sign-out themselves
 * (the API client). watchSession() turns them into a sign-out.
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
