import { answerMatches } from './rules';
import type { VerifyAuthChallengeEvent } from './types';

/** VerifyAuthChallengeResponse: constant-time comparison, and the code must not be expired. */
export const handler = async (
  event: VerifyAuthChallengeEvent,
): Promise<VerifyAuthChallengeEvent> => {
  const { answer, expiresAt } = event.request.privateChallengeParameters ?? {};
  const fresh = Number(expiresAt) > Date.now();
  event.response.answerCorrect =
    !event.request.userNotFound && fresh && answerMatches(answer, event.request.challengeAnswer);
  return event;
};
