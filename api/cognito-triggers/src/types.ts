/**
 * The parts of Cognito's custom-auth trigger events these handlers use (typed here so the folder
 * needs no @types/aws-lambda; shapes per the Cognito developer guide, "Custom authentication
 * challenge Lambda triggers").
 */
export interface ChallengeResult {
  challengeName: string;
  challengeResult: boolean;
  challengeMetadata?: string;
}

interface TriggerEventBase {
  version: string;
  region: string;
  userPoolId: string;
  userName: string;
  triggerSource: string;
  callerContext: { awsSdkVersion: string; clientId: string };
}

export interface DefineAuthChallengeEvent extends TriggerEventBase {
  request: {
    userAttributes: Record<string, string>;
    session: ChallengeResult[];
    userNotFound?: boolean;
  };
  response: {
    challengeName?: string;
    issueTokens?: boolean;
    failAuthentication?: boolean;
  };
}

export interface CreateAuthChallengeEvent extends TriggerEventBase {
  request: {
    userAttributes: Record<string, string>;
    challengeName: string;
    session: ChallengeResult[];
    userNotFound?: boolean;
  };
  response: {
    publicChallengeParameters?: Record<string, string>;
    privateChallengeParameters?: Record<string, string>;
    challengeMetadata?: string;
  };
}

export interface VerifyAuthChallengeEvent extends TriggerEventBase {
  request: {
    userAttributes: Record<string, string>;
    privateChallengeParameters: Record<string, string>;
    challengeAnswer: string;
    userNotFound?: boolean;
  };
  response: {
    answerCorrect?: boolean;
  };
}
