/**
 * Errors of the Cognito JSON protocol: HTTP 400 with `{ "__type": "<Name>", "message": "..." }` and an
 * `x-amzn-errortype` header, as the real service answers.
 *
 * Amplify (@aws-amplify/core src/clients/middleware/retry/defaultRetryDecider.ts) silently retries
 * HTTP 429/500/502/503/504 and the error names TooManyRequestsException, LimitExceededException,
 * ThrottlingException, ... and BadRequestException (treated as clock skew). None of them is ever
 * used for an expected outcome here; rate limits answer 400 TooManyFailedAttemptsException.
 */
export type CognitoErrorType =
  | 'NotAuthorizedException'
  | 'UserNotFoundException'
  | 'InvalidParameterException'
  | 'ResourceNotFoundException'
  | 'TooManyFailedAttemptsException'
  | 'CodeDeliveryFailureException'
  | 'UnsupportedOperationException'
  | 'UnknownOperationException'
  | 'UnsupportedTokenTypeException'
  | 'SerializationException'
  | 'InternalErrorException';

export class CognitoError extends Error {
  constructor(
    readonly type: CognitoErrorType,
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
    this.name = type;
  }
}

/** Cognito's own wording, so the console maps local and real Cognito errors the same way. */
export const MESSAGES = {
  userNotFound: 'User does not exist.',
  userDisabled: 'User is disabled.',
  incorrectAnswer: 'Incorrect username or password.',
  invalidSession: 'Invalid session for the user.',
  expiredSession: 'Invalid session for the user, session is expired.',
  invalidRefreshToken: 'Invalid Refresh Token',
  refreshTokenRevoked: 'Refresh Token has been revoked',
  refreshTokenExpired: 'Refresh Token has expired',
  invalidAccessToken: 'Invalid Access Token',
  accessTokenRevoked: 'Access Token has been revoked',
  accessTokenExpired: 'Access Token has expired',
  tooManyRequestsForUser: 'Too many sign-in codes were requested for this user. Try again later.',
  tooManyRequestsFromIp: 'Too many sign-in attempts from this address. Try again later.',
  codeDeliveryFailed: 'The sign-in code could not be delivered. Try again later.',
} as const;

export const notAuthorized = (message: string) =>
  new CognitoError('NotAuthorizedException', message);
export const invalidParameter = (message: string) =>
  new CognitoError('InvalidParameterException', message);
