import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppConfig } from '../config';
import { CognitoError, invalidParameter } from './errors';
import type { AuthenticatedResult, ChallengeResult, IdentityService } from './service';
import type { SessionTokens } from './types';

/** Content type of Cognito's JSON 1.1 protocol (requests and responses). */
export const AMZ_JSON = 'application/x-amz-json-1.1';
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** Operations a Cognito user-pool client may call that this local service deliberately does not offer. */
const UNSUPPORTED_OPERATIONS = new Set([
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'UpdateUserAttributes',
  'VerifyUserAttribute',
  'DeleteUserAttributes',
  'GetUserAttributeVerificationCode',
  'DeleteUser',
  'ConfirmDevice',
  'ForgetDevice',
  'UpdateDeviceStatus',
  'ListDevices',
  'StartWebAuthnRegistration',
  'CompleteWebAuthnRegistration',
  'ListWebAuthnCredentials',
  'DeleteWebAuthnCredential',
  'GetUserAuthFactors',
]);

type Body = Record<string, unknown>;

export interface IdentityPluginOptions {
  config: AppConfig;
  service: IdentityService;
  readJwks: () => Promise<unknown>;
}

/**
 * The Cognito-compatible endpoint (mounted at /identity): `POST /` with `X-Amz-Target:
 * AWSCognitoIdentityProviderService.<Operation>` and the JWKS at
 * `GET /<userPoolId>/.well-known/jwks.json`. Amplify reaches it via Auth.Cognito.userPoolEndpoint.
 */
export function createIdentityPlugin({
  config,
  service,
  readJwks,
}: IdentityPluginOptions): FastifyPluginAsync {
  const { clientId, userPoolId } = config.identity;

  const operations: Record<string, (body: Body, ip: string) => Promise<unknown>> = {
    async InitiateAuth(body, ip) {
      assertClient(body.ClientId);
      const flow = body.AuthFlow;
      const params = record(body.AuthParameters, 'AuthParameters');
      if (flow === 'CUSTOM_AUTH') {
        return challengeResponse(
          await service.initiateCustomAuth(requiredString(params, 'USERNAME'), ip),
        );
      }
      if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
        const tokens = await service.refresh(requiredString(params, 'REFRESH_TOKEN'));
        return { AuthenticationResult: authenticationResult(tokens), ChallengeParameters: {} };
      }
      if (typeof flow !== 'string' || flow === '')
        throw invalidParameter('Missing required parameter AuthFlow');
      throw invalidParameter(`${flow.slice(0, 40)} flow not enabled for this client`);
    },

    async RespondToAuthChallenge(body) {
      assertClient(body.ClientId);
      if (body.ChallengeName !== 'CUSTOM_CHALLENGE') {
        throw invalidParameter('Only CUSTOM_CHALLENGE is supported by this user pool');
      }
      const responses = record(body.ChallengeResponses, 'ChallengeResponses');
      const session = body.Session;
      if (typeof session !== 'string' || session === '')
        throw invalidParameter('Missing required parameter Session');
      const result = await service.respondToChallenge({
        username: requiredString(responses, 'USERNAME'),
        answer: requiredString(responses, 'ANSWER'),
        session,
      });
      return challengeResponse(result);
    },

    async GetTokensFromRefreshToken(body) {
      assertClient(body.ClientId);
      const token = body.RefreshToken;
      if (typeof token !== 'string' || token === '')
        throw invalidParameter('Missing required parameter RefreshToken');
      return { AuthenticationResult: authenticationResult(await service.refresh(token)) };
    },

    async GetUser(body) {
      const user = await service.getUser(body.AccessToken);
      return { Username: user.username, UserAttributes: user.attributes };
    },

    async GlobalSignOut(body) {
      await service.globalSignOut(body.AccessToken);
      return {};
    },

    async RevokeToken(body) {
      assertClient(body.ClientId);
      const token = body.Token;
      if (typeof token !== 'string' || token === '')
        throw invalidParameter('Missing required parameter Token');
      await service.revokeRefreshToken(token);
      return {};
    },
  };

  function assertClient(value: unknown): void {
    if (value !== clientId)
      throw new CognitoError('ResourceNotFoundException', 'User pool client does not exist.');
  }

  return async (app) => {
    // Secure JSON parsing (prototype poisoning rejected) for Cognito's content type.
    app.addContentTypeParser(
      AMZ_JSON,
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      app.getDefaultJsonParser('error', 'error'),
    );

    app.setErrorHandler((error, request, reply) => {
      if (error instanceof CognitoError) return sendError(reply, error);
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) {
        return sendError(
          reply,
          new CognitoError('SerializationException', 'The request could not be read.', status),
        );
      }
      request.log.error({ err: error }, 'identity endpoint failed');
      return sendError(
        reply,
        new CognitoError('InternalErrorException', 'Internal server error.', 500),
      );
    });

    app.post('/', async (request, reply) => {
      const target = request.headers['x-amz-target'];
      const name =
        typeof target === 'string' && target.startsWith(TARGET_PREFIX)
          ? target.slice(TARGET_PREFIX.length)
          : '';
      const operation = Object.hasOwn(operations, name) ? operations[name] : undefined;
      if (!operation) {
        if (UNSUPPORTED_OPERATIONS.has(name)) {
          throw new CognitoError(
            'UnsupportedOperationException',
            `${name} is not supported by this user pool.`,
          );
        }
        throw new CognitoError('UnknownOperationException', 'Unknown operation.');
      }
      const body = request.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        throw new CognitoError('SerializationException', 'The request body must be a JSON object.');
      }
      const result = await operation(body as Body, request.ip);
      return send(reply, 200, result);
    });

    app.get(`/${userPoolId}/.well-known/jwks.json`, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return readJwks();
    });
  };
}

function send(reply: FastifyReply, status: number, body: unknown) {
  return reply
    .code(status)
    .header('content-type', AMZ_JSON)
    .header('cache-control', 'no-store')
    .header('x-amzn-requestid', randomUUID())
    .send(JSON.stringify(body));
}

function sendError(reply: FastifyReply, error: CognitoError) {
  reply.header('x-amzn-errortype', error.type);
  return send(reply, error.statusCode, { __type: error.type, message: error.message });
}

function challengeResponse(result: ChallengeResult | AuthenticatedResult) {
  if (result.kind === 'authenticated') {
    return { AuthenticationResult: authenticationResult(result.tokens), ChallengeParameters: {} };
  }
  return {
    ChallengeName: 'CUSTOM_CHALLENGE',
    ChallengeParameters: result.parameters,
    Session: result.session,
  };
}

/** Cognito's AuthenticationResultType, without NewDeviceMetadata (device tracking is off). */
function authenticationResult(tokens: SessionTokens) {
  return {
    AccessToken: tokens.accessToken,
    ExpiresIn: tokens.expiresIn,
    IdToken: tokens.idToken,
    RefreshToken: tokens.refreshToken,
    TokenType: 'Bearer',
  };
}

function record(value: unknown, name: string): Body {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw invalidParameter(`Missing required parameter ${name}`);
  return value as Body;
}

function requiredString(source: Body, key: string): string {
  const value = source[key];
  if (typeof value !== 'string' || value.trim() === '')
    throw invalidParameter(`Missing required parameter ${key}`);
  if (value.length > 2048) throw invalidParameter(`${key} is too long`);
  return value;
}
