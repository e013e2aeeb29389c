import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupplierService } from '../src/areas/suppliers/service';
import { SYSTEM_ACTOR } from '../src/audit';
import {
  SECRET_KEY_FILE,
  SecretKeyUnavailableError,
  SecretUnreadableError,
  createSecretBox,
  resolveMasterKey,
} from '../src/secrets';
import { createTestApp, type TestContext } from './support/app';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-secrets-test-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the master key', () => {
  it('takes SECRET_KEY as 64 hex characters or base64 of 32 bytes', () => {
    const bytes = randomBytes(32);
    const dataDir = tempDir();
    expect(
      resolveMasterKey({ secretKey: bytes.toString('hex'), databaseUrl: undefined, dataDir }),
    ).toEqual(bytes);
    expect(
      resolveMasterKey({
        secretKey: bytes.toString('base64'),
        databaseUrl: 'postgres://x',
        dataDir,
      }),
    ).toEqual(bytes);
    expect(() =>
      resolveMasterKey({ secretKey: 'too-short', databaseUrl: undefined, dataDir }),
    ).toThrow(/32 bytes/);
    expect(fs.existsSync(path.join(dataDir, SECRET_KEY_FILE))).toBe(false);
  });

  it('is generated once into <dataDir>/secret.key in the embedded default, then reused', () => {
    const dataDir = path.join(tempDir(), 'nested');
    const first = resolveMasterKey({ secretKey: undefined, databaseUrl: undefined, dataDir });
    const file = path.join(dataDir, SECRET_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    const second = resolveMasterKey({ secretKey: undefined, databaseUrl: undefined, dataDir });
    expect(second).toEqual(first);
    // A value sealed before a restart opens after it.
    const sealed = createSecretBox(
      { secretKey: undefined, databaseUrl: undefined, dataDir },
      'p',
    ).seal('s3cret');
    expect(
      createSecretBox({ secretKey: undefined, databaseUrl: undefined, dataDir }, 'p').open(sealed),
    ).toBe('s3cret');
  });

  it('is required with DATABASE_URL (replicas must share it): secrets are refused, not stored in clear', () => {
    const dataDir = tempDir();
    const config = { secretKey: undefined, databaseUrl: 'postgres://db/esim', dataDir };
    expect(() => resolveMasterKey(config)).toThrow(SecretKeyUnavailableError);
    expect(() => createSecretBox(config, 'p').seal('x')).toThrow(SecretKeyUnavailableError);
    expect(fs.existsSync(path.join(dataDir, SECRET_KEY_FILE))).toBe(false);
  });
});

describe('sealed values', () => {
  const config = {
    secretKey: randomBytes(32).toString('hex'),
    databaseUrl: undefined,
    dataDir: '/nonexistent',
  };

  it('are AES-256-GCM, different every time, and open only with the same key and purpose', () => {
    const box = createSecretBox(config, 'supplier-api-key');
    const a = box.seal('api-key-123');
    const b = box.seal('api-key-123');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1:/);
    expect(a).not.toContain('api-key-123');
    expect(box.open(a)).toBe('api-key-123');
    expect(() => createSecretBox(config, 'another-purpose').open(a)).toThrow(SecretUnreadableError);
    const otherKey = { ...config, secretKey: randomBytes(32).toString('hex') };
    expect(() => createSecretBox(otherKey, 'supplier-api-key').open(a)).toThrow(
      SecretUnreadableError,
    );
    const tampered = `${a.slice(0, -2)}${a.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => box.open(tampered)).toThrow(SecretUnreadableError);
    expect(() => box.open('plain text')).toThrow(SecretUnreadableError);
  });
});

describe('suppliers and the key', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('refuses to store an API key without SECRET_KEY on a real database (422, clear message)', async () => {
    const service = createSupplierService({
      db: t.database.db,
      config: { secretKey: undefined, databaseUrl: 'postgres://db/esim', dataDir: tempDir() },
    });
    await expect(
      service.create(
        {
          name: 'No key supplier',
          status: 'active',
          currency: 'JPY',
          deliveryType: 'api',
          connectorKind: 'generic',
          baseUrl: 'https://no-key.example',
          apiKey: 'would-be-stored-in-clear',
        },
        SYSTEM_ACTOR,
      ),
    ).rejects.toMatchObject({
      statusCode: 422,
      message: 'API keys cannot be stored or used: SECRET_KEY is not configured on the server.',
    });
  });

  it('reports a key sealed under another SECRET_KEY as unreadable instead of sending garbage', async () => {
    const admin = await t.adminToken();
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/supplier',
      token: admin,
      payload: {
        name: 'Rotated key supplier',
        deliveryType: 'api',
        connectorKind: 'esimgo',
        baseUrl: 'http://127.0.0.1:9/v2.4',
        apiKey: 'sealed-under-the-old-key',
      },
    });
    expect(res.statusCode).toBe(201);
    const rotated = createSupplierService({
      db: t.database.db,
      config: { ...t.config, secretKey: randomBytes(32).toString('hex') },
    });
    await expect(rotated.testConnection(res.json().data.id)).rejects.toMatchObject({
      statusCode: 422,
      message:
        "The stored API key cannot be read with the server's SECRET_KEY. Enter the API key again.",
    });
  });
});
