/**
 * The production Cognito Lambda triggers (api/cognito-triggers) follow the same rules as the local
 * service. They are plain functions of Cognito's event; the SES transport is replaced by a recorder.
 */
import { describe, expect, it } from 'vitest';
import { createCreateAuthChallengeHandler } from '../../cognito-triggers/src/create-challenge-core';
import { handler as define } from '../../cognito-triggers/src/define-auth-challenge';
import { handler as verify } from '../../cognito-triggers/src/verify-auth-challenge';
import type {
  ChallengeResult,
  CreateAuthChallengeEvent,
  DefineAuthChallengeEvent,
  VerifyAuthChallengeEvent,
} from '../../cognito-triggers/src/types';
import type { OtpMail } from '../../src/identity';

const base = {
  version: '1',
  region: 'ap-northeast-1',
  userPoolId: 'ap-northeast-1_pool',
  userName: 'd3f1c5a0-0000-4000-8000-000000000001',
  callerContext: { awsSdkVersion: 'x', clientId: 'client' },
};
const attributes = { email: 'staff@esim.test', sub: base.userName };

const defineEvent = (
  session: ChallengeResult[],
  userNotFound = false,
): DefineAuthChallengeEvent => ({
  ...base,
  triggerSource: 'DefineAuthChallenge_Authentication',
  request: { userAttributes: attributes, session, userNotFound },
  response: {},
});
const wrong = { challengeName: 'CUSTOM_CHALLENGE', challengeResult: false };
const right = { challengeName: 'CUSTOM_CHALLENGE', challengeResult: true };

describe('define-auth-challenge', () => {
  it('starts with CUSTOM_CHALLENGE, retries once after a wrong answer, then fails', async () => {
    expect((await define(defineEvent([]))).response).toEqual({
      issueTokens: false,
      failAuthentication: false,
      challengeName: 'CUSTOM_CHALLENGE',
    });
    expect((await define(defineEvent([wrong]))).response.challengeName).toBe('CUSTOM_CHALLENGE');
    expect((await define(defineEvent([wrong, wrong]))).response).toEqual({
      issueTokens: false,
      failAuthentication: true,
    });
  });

  it('issues tokens after a correct answer (first or second)', async () => {
    expect((await define(defineEvent([right]))).response).toEqual({
      issueTokens: true,
      failAuthentication: false,
    });
    expect((await define(defineEvent([wrong, right]))).response.issueTokens).toBe(true);
  });

  it('fails unknown users and any other challenge (e.g. SRP)', async () => {
    expect((await define(defineEvent([], true))).response.failAuthentication).toBe(true);
    const srp = [{ challengeName: 'SRP_A', challengeResult: true }];
    expect((await define(defineEvent(srp))).response.failAuthentication).toBe(true);
  });
});

describe('create-auth-challenge', () => {
  const createEvent = (session: ChallengeResult[]): CreateAuthChallengeEvent => ({
    ...base,
    triggerSource: 'CreateAuthChallenge_Authentication',
    request: { userAttributes: attributes, challengeName: 'CUSTOM_CHALLENGE', session },
    response: {},
  });

  it('e-mails a new 6-digit code, keeps it private and reuses it for the retry without a new mail', async () => {
    const sent: { to: string; mail: OtpMail }[] = [];
    const create = createCreateAuthChallengeHandler(async (to, mail) => {
      sent.push({ to, mail });
    });
    const first = await create(createEvent([]));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('staff@esim.test');
    expect(sent[0]!.mail.subject).toBe('Your sign-in code');
    const code = first.response.privateChallengeParameters!.answer!;
    expect(code).toMatch(/^\d{6}$/);
    expect(sent[0]!.mail.text).toContain(code);
    expect(first.response.publicChallengeParameters).toEqual({
      email: 'staff@esim.test',
      attemptsLeft: '2',
    });
    expect(JSON.stringify(first.response.publicChallengeParameters)).not.toContain(code);

    const retry = await create(
      createEvent([{ ...wrong, challengeMetadata: first.response.challengeMetadata }]),
    );
    expect(sent).toHaveLength(1);
    expect(retry.response.privateChallengeParameters).toEqual(
      first.response.privateChallengeParameters,
    );
    expect(retry.response.publicChallengeParameters?.attemptsLeft).toBe('1');
  });
});

describe('verify-auth-challenge', () => {
  const verifyEvent = (
    answer: string,
    expected: string,
    expiresAt = Date.now() + 60_000,
  ): VerifyAuthChallengeEvent => ({
    ...base,
    triggerSource: 'VerifyAuthChallengeResponse_Authentication',
    request: {
      userAttributes: attributes,
      privateChallengeParameters: { answer: expected, expiresAt: String(expiresAt) },
      challengeAnswer: answer,
    },
    response: {},
  });

  it('accepts the right unexpired code only', async () => {
    expect((await verify(verifyEvent('123456', '123456'))).response.answerCorrect).toBe(true);
    expect((await verify(verifyEvent(' 123456 ', '123456'))).response.answerCorrect).toBe(true);
    expect((await verify(verifyEvent('123457', '123456'))).response.answerCorrect).toBe(false);
    expect((await verify(verifyEvent('12345', '123456'))).response.answerCorrect).toBe(false);
    expect((await verify(verifyEvent('', '123456'))).response.answerCorrect).toBe(false);
    expect(
      (await verify(verifyEvent('123456', '123456', Date.now() - 1))).response.answerCorrect,
    ).toBe(false);
  });
});
