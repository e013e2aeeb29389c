import { buildOtpMail, type OtpMail } from '../../src/identity/otp-mail';
import {
  ANSWERS_PER_CODE,
  decodeMetadata,
  encodeMetadata,
  failedAnswers,
  generateCode,
  otpTtlSeconds,
} from './rules';
import type { CreateAuthChallengeEvent } from './types';

export type SendOtpMail = (to: string, mail: OtpMail) => Promise<void>;

/**
 * CreateAuthChallenge, without the transport (tested without AWS): a new sign-in e-mails a new
 * code; a retry after a wrong answer keeps the same code (no new mail). The client sees only the
 * e-mail address and the attempts left (ChallengeParameters, as the local service returns them).
 */
export function createCreateAuthChallengeHandler(
  sendMail: SendOtpMail,
  now: () => number = Date.now,
) {
  return async (event: CreateAuthChallengeEvent): Promise<CreateAuthChallengeEvent> => {
    const email = event.request.userAttributes.email ?? '';
    const session = event.request.session ?? [];
    const previous = decodeMetadata(session.at(-1)?.challengeMetadata);
    const ttl = otpTtlSeconds();

    let code: string;
    let issuedAt: number;
    if (previous) {
      ({ code, issuedAt } = previous);
    } else {
      code = generateCode();
      issuedAt = now();
      if (!event.request.userNotFound && email) {
        await sendMail(email, buildOtpMail({ code, validSeconds: ttl }));
      }
    }

    event.response.publicChallengeParameters = {
      email,
      attemptsLeft: String(ANSWERS_PER_CODE - failedAnswers(session)),
    };
    event.response.privateChallengeParameters = {
      answer: code,
      expiresAt: String(issuedAt + ttl * 1000),
    };
    event.response.challengeMetadata = encodeMetadata(code, issuedAt);
    return event;
  };
}
