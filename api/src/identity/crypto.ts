import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/** Opaque random token (challenge Session, refresh token): 256 bits, base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Hash stored for high-entropy random tokens (no secret needed: they cannot be guessed). */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** A 6-digit one-time code, uniformly distributed (crypto.randomInt). */
export function generateOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Keyed hash of an OTP code, bound to its challenge: a stolen hash cannot be brute-forced without
 * the server key and cannot be replayed against another challenge.
 */
export function hashOtp(key: Buffer, challengeId: string, code: string): string {
  return createHmac('sha256', key).update(`${challengeId}:${code}`, 'utf8').digest('hex');
}

/**
 * The Cognito `Session` of a challenge with `answersLeft` answers left: derived from the server
 * key, not random, so a repeated sign-in start can be given the Session of the code already
 * mailed (only its hash is stored). Unguessable without the key; changes with every answer.
 */
export function challengeSession(key: Buffer, challengeId: string, answersLeft: number): string {
  return createHmac('sha256', key)
    .update(`session:${challengeId}:${answersLeft}`, 'utf8')
    .digest('base64url');
}

/** Constant-time comparison of two hex digests. */
export function digestsEqual(aHex: string, bHex: string): boolean {
  const a = Buffer.from(aHex, 'hex');
  const b = Buffer.from(bHex, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** Parses SECRET_KEY (32 bytes as 64 hex characters or base64/base64url). */
export function parseSecretKey(value: string | undefined): Buffer | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (bytes.length !== 32) throw new Error('SECRET_KEY must be 32 bytes, hex or base64 encoded');
  return bytes;
}

/** Derives a purpose-specific 32-byte key from the master SECRET_KEY (HKDF-SHA256). */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, 'esim-console/identity', purpose, 32));
}

const SEALED_PREFIX = 'v1:';

export function isSealed(value: string): boolean {
  return value.startsWith(SEALED_PREFIX);
}

/** AES-256-GCM; output `v1:<iv>:<tag>:<ciphertext>` (base64url parts). */
export function seal(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${SEALED_PREFIX}${[iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url')).join(':')}`;
}

export function unseal(sealed: string, key: Buffer): string {
  const [iv, tag, ciphertext] = sealed
    .slice(SEALED_PREFIX.length)
    .split(':')
    .map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext) throw new Error('Malformed sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}
