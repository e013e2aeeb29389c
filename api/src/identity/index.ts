import type { Jwks } from 'aws-jwt-verify/jwk';
import { createMailer } from '../mail';
import { parseSecretKey } from './crypto';
import { DatabaseJwksCache, loadOrCreateSigningKey, loadOtpKey, readPublicJwks } from './keys';
import { createIdentityPlugin } from './plugin';
import { IDENTITY_LIMITS, IdentityService } from './service';
import { SessionCache } from './session-cache';
import {
  IdentityError,
  type CreateIdentity,
  type IdentityModule,
  type SessionAccess,
} from './types';
import { TokenVerifier } from './verifier';

export * from './types';
export { AMZ_JSON } from './plugin';
export { CognitoError, MESSAGES as COGNITO_MESSAGES } from './errors';
export { IDENTITY_LIMITS, MAX_OTP_TTL_SECONDS } from './service';
export { buildOtpMail, OTP_MAIL_SUBJECT, type OtpMail } from './otp-mail';

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** The local issuer: `${publicUrl}/identity/${userPoolId}` (the JWKS lives under it). */
export function localIssuer(config: {
  publicUrl: string;
  identity: { userPoolId: string };
}): string {
  return `${config.publicUrl}/identity/${config.identity.userPoolId}`;
}

/**
 * Creates the identity module: the Cognito-compatible endpoint (`plugin`, mount it at /identity in
 * local mode) and `verifyIdToken` for every API request (local tokens always; tokens of the real
 * Cognito pool too in cognito mode). Needs the 0002_identity migration applied.
 */
export const createIdentity: CreateIdentity = async ({ config, database, log, mailer, limits }) => {
  const db = database.db;
  const masterKey = parseSecretKey(config.secretKey);
  const signingKey = await loadOrCreateSigningKey(db, masterKey);
  const otpKey = await loadOtpKey(db, masterKey);
  const issuer = localIssuer(config);

  const jwksCache = new DatabaseJwksCache(
    async () => (await readPublicJwks(db)) as unknown as Jwks,
  );
  const verifier = new TokenVerifier(db, config, issuer, jwksCache);
  verifier.cacheLocalJwks(await readPublicJwks(db));
  const sessions = new SessionCache<SessionAccess>(config.identity.sessionCacheSeconds * 1000);

  const activeMailer = mailer ?? createMailer(config.mail, log);
  const ownsMailer = !mailer;
  const service = new IdentityService({
    db,
    config,
    log,
    mailer: activeMailer,
    limits: {
      ...IDENTITY_LIMITS,
      codesPerUser: { ...IDENTITY_LIMITS.codesPerUser, max: config.identity.otpCodesPerUser },
      initiatePerIp: { ...IDENTITY_LIMITS.initiatePerIp, max: config.identity.otpInitiatePerIp },
      ...limits,
    },
    signingKey,
    otpKey,
    tokenSettings: {
      issuer,
      clientId: config.identity.clientId,
      idTokenTtlSeconds: config.identity.idTokenTtlSeconds,
      accessTokenTtlSeconds: config.identity.accessTokenTtlSeconds,
    },
    verifier,
    sessionsChanged: () => sessions.clear(),
  });

  const prune = () =>
    service
      .prune()
      .catch((error: unknown) => log.warn({ err: error }, 'identity: pruning old records failed'));
  await prune();
  const pruneTimer = setInterval(prune, PRUNE_INTERVAL_MS);
  pruneTimer.unref();

  log.info(
    { mode: config.identity.mode, issuer, kid: signingKey.kid, mail: activeMailer.kind },
    'identity service ready',
  );

  const identity: IdentityModule = {
    plugin: createIdentityPlugin({ config, service, readJwks: () => readPublicJwks(db) }),
    verifyIdToken: (token) => verifier.verifyIdToken(token),
    authenticate: (token) => sessions.get(token, () => verifier.verifyIdTokenWithAccess(token)),
    forgetSessions: () => sessions.clear(),
    async issueSessionTokens(email) {
      const user = await service.findActiveUserByEmail(email);
      if (!user) throw new IdentityError('unauthenticated', 'No active user with this e-mail');
      return service.startSession(user);
    },
    revokeAllSessions: (userId) => service.revokeAllSessions(userId),
    sendMail: (message) => activeMailer.send(message),
    async close() {
      clearInterval(pruneTimer);
      if (ownsMailer) activeMailer.close();
    },
  };
  return identity;
};
