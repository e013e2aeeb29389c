import { can } from '@esim/contracts';
import type { FastifyRequest } from 'fastify';
import { IdentityError, type IdentityModule } from '../identity/types';
import type { AuthContext } from './define-route';
import { ERROR_MESSAGES, ForbiddenError, UnauthenticatedError } from './errors';

export const ACCOUNT_DISABLED = ERROR_MESSAGES.accountDisabled;

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

function isIdentityError(error: unknown): error is Error & { reason?: unknown } {
  return (
    error instanceof IdentityError ||
    (error instanceof Error && (error as { kind?: unknown }).kind === 'unauthenticated')
  );
}

/**
 * THE access check, run as an onRequest hook on every request (before the body is read):
 * the route's declared permission decides. 'public' passes; otherwise the Bearer ID token is
 * verified and the active user with its role's permissions is put into request.auth (from the
 * identity module's short session cache, or one query), and { resource, action } must be allowed
 * by can(). A route without a declaration is refused (403).
 */
export function createAuthHook(deps: { identity: IdentityModule }) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    request.auth = null;
    // No route matched: the not-found handler answers 404 and exposes nothing.
    if (request.is404) return;
    const permission = request.routeOptions.config?.permission;
    if (permission === undefined) {
      request.log.error(
        { method: request.method, route: request.routeOptions.url },
        'route has no permission declaration: refused',
      );
      throw new ForbiddenError();
    }
    if (permission === 'public') return;

    const token = bearerToken(request.headers.authorization);
    if (!token) throw new UnauthenticatedError();
    let auth: AuthContext;
    try {
      const access = await deps.identity.authenticate(token);
      auth = {
        userId: access.userId,
        email: access.email,
        roleId: access.roleId,
        partnerId: access.partnerId,
        permissions: access.permissions,
      };
    } catch (error) {
      // A disabled user's sessions are ended too; the spec still wants them told why.
      if (isIdentityError(error)) {
        throw new UnauthenticatedError(
          error.reason === 'disabled' ? ACCOUNT_DISABLED : ERROR_MESSAGES.unauthenticated,
        );
      }
      throw error;
    }
    if (
      permission !== 'signedIn' &&
      !can(auth.permissions, permission.resource, permission.action)
    ) {
      throw new ForbiddenError();
    }
    request.auth = auth;
  };
}
