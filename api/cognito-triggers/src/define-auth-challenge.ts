import { ANSWERS_PER_CODE, CUSTOM_CHALLENGE, failedAnswers } from './rules';
import type { DefineAuthChallengeEvent } from './types';

/**
 * DefineAuthChallenge: only CUSTOM_CHALLENGE (e-mail OTP). Tokens after a correct answer; a new
 * challenge after a wrong first answer; failure (Cognito answers NotAuthorizedException "Incorrect
 * username or password.") after ANSWERS_PER_CODE wrong answers or for unknown users.
 */
export const handler = async (
  event: DefineAuthChallengeEvent,
): Promise<DefineAuthChallengeEvent> => {
  const session = event.request.session ?? [];
  const fail = () => {
    event.response.issueTokens = false;
    event.response.failAuthentication = true;
    return event;
  };
  if (event.request.userNotFound) return fail();
  if (session.some((entry) => entry.challengeName !== CUSTOM_CHALLENGE)) return fail();

  const last = session.at(-1);
  if (last?.challengeResult === true) {
    event.response.issueTokens = true;
    event.response.failAuthentication = false;
    return event;
  }
  if (failedAnswers(session) >= ANSWERS_PER_CODE) return fail();

  event.response.issueTokens = false;
  event.response.failAuthentication = false;
  event.response.challengeName = CUSTOM_CHALLENGE;
  return event;
};
