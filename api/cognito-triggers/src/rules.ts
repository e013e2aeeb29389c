import { randomInt, timingSafeEqual } from 'node:crypto';
import type { ChallengeResult } from './types';

/**
 * The sign-in rules, identical to the local identity service (api/src/identity): 2 answers per
 * code (a wrong first answer gives a new CUSTOM_CHALLENGE with the same code; a wrong second answer
 * fails the sign-in), codes of 6 digits from crypto.randomInt, valid OTP_TTL_SECONDS (default
 * 300, at most 600), compared in constant time.
 */
export const ANSWERS_PER_CODE = 2;
export const CUSTOM_CHALLENGE = 'CUSTOM_CHALLENGE';
const METADATA_PREFIX = 'OTP-';

export function otpTtlSeconds(env: Record<string, string | undefined> = process.env): number {
  const parsed = Number.parseInt(env.OTP_TTL_SECONDS ?? '', 10);
  return Math.min(Number.isFinite(parsed) && parsed > 0 ? parsed : 300, 600);
}

export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function failedAnswers(session: ChallengeResult[]): number {
  return session.filter(
    (entry) => entry.challengeName === CUSTOM_CHALLENGE && !entry.challengeResult,
  ).length;
}

/**
 * The code travels between the triggers of one sign-in in Cognito's challengeMetadata (kept by
 * Cognito, never sent to the client): `OTP-<code>-<issued at ms>`.
 */
export function encodeMetadata(code: string, issuedAt: number): string {
  return `${METADATA_PREFIX}${code}-${issuedAt}`;
}

export function decodeMetadata(
  metadata: string | undefined,
): { code: string; issuedAt: number } | undefined {
  const match = /^OTP-(\d{6})-(\d+)$/.exec(metadata ?? '');
  return match ? { code: match[1]!, issuedAt: Number(match[2]) } : undefined;
}

export function answerMatches(expected: string | undefined, answer: unknown): boolean {
  if (typeof expected !== 'string' || typeof answer !== 'string') return false;
  const given = answer.trim();
  if (!/^\d{6}$/.test(given) || !/^\d{6}$/.test(expected)) return false;
  return timingSafeEqual(Buffer.from(given, 'utf8'), Buffer.from(expected, 'utf8'));
}
