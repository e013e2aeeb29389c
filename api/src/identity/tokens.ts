import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { SigningKey } from './keys';

/** The sign-in session a token pair belongs to. */
export interface SessionClaims {
  userId: string;
  email: string;
  /** identity_sessions.id = the origin_jti claim. */
  sessionId: string;
  eventId: string;
  authTime: Date;
}

export interface TokenSettings {
  issuer: string;
  clientId: string;
  idTokenTtlSeconds: number;
  accessTokenTtlSeconds: number;
}

export interface SignedTokens {
  idToken: string;
  accessToken: string;
  /** Seconds until the access token expires (Cognito's AuthenticationResult.ExpiresIn). */
  expiresIn: number;
}

/**
 * Signs ID and access tokens with Cognito's claim set, so Amplify, aws-jwt-verify and the console
 * treat them exactly like tokens of a real user pool whose username is the user's sub.
 */
export async function signSessionTokens(
  key: SigningKey,
  settings: TokenSettings,
  session: SessionClaims,
): Promise<SignedTokens> {
  const now = Math.floor(Date.now() / 1000);
  const authTime = Math.floor(session.authTime.getTime() / 1000);
  const header = { alg: 'RS256', kid: key.kid };
  const idToken = await new SignJWT({
    sub: session.userId,
    email_verified: true,
    'cognito:username': session.userId,
    origin_jti: session.sessionId,
    event_id: session.eventId,
    token_use: 'id',
    auth_time: authTime,
    email: session.email,
  })
    .setProtectedHeader(header)
    .setIssuer(settings.issuer)
    .setAudience(settings.clientId)
    .setIssuedAt(now)
    .setExpirationTime(now + settings.idTokenTtlSeconds)
    .setJti(randomUUID())
    .sign(key.privateKey);
  const accessToken = await new SignJWT({
    sub: session.userId,
    client_id: settings.clientId,
    origin_jti: session.sessionId,
    event_id: session.eventId,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    auth_time: authTime,
    username: session.userId,
  })
    .setProtectedHeader(header)
    .setIssuer(settings.issuer)
    .setIssuedAt(now)
    .setExpirationTime(now + settings.accessTokenTtlSeconds)
    .setJti(randomUUID())
    .sign(key.privateKey);
  return { idToken, accessToken, expiresIn: settings.accessTokenTtlSeconds };
}
