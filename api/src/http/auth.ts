import { can } from '@esim/contracts';
import type { FastifyRequest } from 'fastify';
import { IdentityError, type IdentityModule } from '../identity/types';
import type { AuthContext } from './define-route';
import { ERROR_MESSAGES, ForbiddenError, UnauthenticatedError } from './errors';
import { isReleaseToken, releaseTokenAllowed, type ReleaseTokenAuth } from './release-token-auth';

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

/** The caller an ID token stands for (401 when it is not valid, or the account is disabled). */
async function idTokenCaller(identity: IdentityModule, token: string): Promise<AuthContext> {
  try {
    const access = await identity.authenticate(token);
    return {
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
}

/**
 * THE access check, run as an onRequest hook on every request (before the body is read):
 * the route's declared permission decides. 'public' passes; otherwise the Bearer ID token is
 * verified and the active user with its role's permissions is put into request.auth (from the
 * identity module's short session cache, or one query), and { resource, action } must be allowed
 * by can(). A route without a declaration is refused (403).
 */
export function createAuthHook(deps: {
  identity: IdentityModule;
  /** Release tokens (the release CLI); absent = only ID tokens are accepted. */
  releaseTokens?: ReleaseTokenAuth;
}) {
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
    if (deps.releaseTokens && isReleaseToken(token)) {
      const byToken = await deps.releaseTokens.authenticate(token);
      if (!byToken) throw new UnauthenticatedError();
      // A release token opens the release calls only (a stolen one reaches nothing else).
      if (!releaseTokenAllowed(request.routeOptions.url)) throw new ForbiddenError();
      auth = byToken;
    } else {
      auth = await idTokenCaller(deps.identity, token);
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
