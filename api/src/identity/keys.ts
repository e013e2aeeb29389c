import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { KidNotFoundInJwksError, JwtWithoutValidKidError } from 'aws-jwt-verify/error';
import type { Jwks, JwksCache, JwkWithKid } from 'aws-jwt-verify/jwk';
import type { DecomposedJwt } from 'aws-jwt-verify/jwt';
import {
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importPKCS8,
  type CryptoKey,
} from 'jose';
import type { Db } from '../db/client';
import { identitySecrets, identitySigningKeys } from '../db/schema';
import { deriveKey, isSealed, seal, unseal } from './crypto';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

type PublicJwk = JwkWithKid & { kty: 'RSA'; n: string; e: string; alg: 'RS256'; use: 'sig' };

/** Retired keys stay published this long, so tokens they signed keep verifying until they expire. */
const RETIRED_KEY_GRACE = sql`interval '2 days'`;

/**
 * Returns the active RS256 signing key, generating and storing it on first start. Replicas racing
 * at first start insert under a unique "one active key" index: one insert wins and all use it.
 */
export async function loadOrCreateSigningKey(
  db: Db,
  masterKey: Buffer | undefined,
): Promise<SigningKey> {
  const wrapKey = masterKey ? deriveKey(masterKey, 'signing-key-wrap') : undefined;
  let row = await readActiveKey(db);
  if (!row) {
    const { publicKey, privateKey } = await generateKeyPair('RS256', {
      modulusLength: 2048,
      extractable: true,
    });
    const jwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(jwk);
    const publicJwk = { kty: 'RSA', n: jwk.n, e: jwk.e, kid, alg: 'RS256', use: 'sig' };
    const pem = await exportPKCS8(privateKey);
    await db
      .insert(identitySigningKeys)
      .values({ kid, publicJwk, privateKey: wrapKey ? seal(pem, wrapKey) : pem })
      .onConflictDoNothing();
    row = await readActiveKey(db);
    if (!row) throw new Error('No active identity signing key after creating one');
  }
  let pem = row.privateKey;
  if (isSealed(pem)) {
    if (!wrapKey)
      throw new Error('The identity signing key is encrypted but SECRET_KEY is not set');
    try {
      pem = unseal(pem, wrapKey);
    } catch {
      throw new Error(
        'The identity signing key cannot be decrypted with the configured SECRET_KEY',
      );
    }
  }
  return { kid: row.kid, privateKey: await importPKCS8(pem, 'RS256') };
}

async function readActiveKey(db: Db) {
  const [row] = await db
    .select({ kid: identitySigningKeys.kid, privateKey: identitySigningKeys.privateKey })
    .from(identitySigningKeys)
    .where(isNull(identitySigningKeys.retiredAt))
    .limit(1);
  return row;
}

/** The JWKS published at /identity/<userPoolId>/.well-known/jwks.json. */
export async function readPublicJwks(db: Db): Promise<{ keys: PublicJwk[] }> {
  const rows = await db
    .select({ publicJwk: identitySigningKeys.publicJwk })
    .from(identitySigningKeys)
    .where(
      or(
        isNull(identitySigningKeys.retiredAt),
        gt(identitySigningKeys.retiredAt, sql`now() - ${RETIRED_KEY_GRACE}`),
      ),
    )
    .orderBy(desc(identitySigningKeys.createdAt));
  return { keys: rows.map((row) => row.publicJwk as PublicJwk) };
}

/**
 * aws-jwt-verify JWKS cache for the local issuer that never makes an HTTP call to ourselves: it is
 * preloaded (cacheJwks) and, on an unknown kid (a key another replica created later), re-reads the
 * keys from the database at most once per `reloadIntervalMs`.
 */
export class DatabaseJwksCache implements JwksCache {
  private readonly jwks = new Map<string, Jwks>();
  private lastReload = 0;

  constructor(
    private readonly load: () => Promise<Jwks>,
    private readonly reloadIntervalMs = 30_000,
  ) {}

  addJwks(jwksUri: string, jwks: Jwks): void {
    this.jwks.set(jwksUri, jwks);
  }

  async getJwks(jwksUri: string): Promise<Jwks> {
    const cached = this.jwks.get(jwksUri);
    if (cached) return cached;
    return this.reload(jwksUri);
  }

  getCachedJwk(jwksUri: string, decomposedJwt: DecomposedJwt): JwkWithKid {
    const kid = decomposedJwt.header.kid;
    if (typeof kid !== 'string')
      throw new JwtWithoutValidKidError('JWT header does not have valid kid claim');
    const jwk = this.jwks.get(jwksUri)?.keys.find((key) => key.kid === kid);
    if (!jwk) throw new KidNotFoundInJwksError(`JWK for kid "${kid}" not found in the JWKS`);
    return jwk as JwkWithKid;
  }

  async getJwk(jwksUri: string, decomposedJwt: DecomposedJwt): Promise<JwkWithKid> {
    try {
      return this.getCachedJwk(jwksUri, decomposedJwt);
    } catch (error) {
      if (!(error instanceof KidNotFoundInJwksError)) throw error;
      if (Date.now() - this.lastReload < this.reloadIntervalMs) throw error;
      await this.reload(jwksUri);
      return this.getCachedJwk(jwksUri, decomposedJwt);
    }
  }

  private async reload(jwksUri: string): Promise<Jwks> {
    this.lastReload = Date.now();
    const jwks = await this.load();
    this.jwks.set(jwksUri, jwks);
    return jwks;
  }
}

/**
 * Key for the OTP HMAC. Derived from SECRET_KEY when configured (then a database dump alone does
 * not allow brute-forcing code hashes); otherwise a random key generated once and kept in the
 * database, shared by all replicas.
 */
export async function loadOtpKey(db: Db, masterKey: Buffer | undefined): Promise<Buffer> {
  if (masterKey) return deriveKey(masterKey, 'otp-hmac');
  const name = 'otp-hmac';
  await db
    .insert(identitySecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: identitySecrets.value })
    .from(identitySecrets)
    .where(and(eq(identitySecrets.name, name)));
  if (!row) throw new Error('OTP key missing');
  return Buffer.from(row.value, 'base64url');
}
