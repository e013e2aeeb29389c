import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupplierSyncService } from '../src/areas/supplier-sync/service';
import { createSupplierService } from '../src/areas/suppliers/service';
import { SYSTEM_ACTOR } from '../src/audit';
import {
  SECRET_KEY_FILE,
  SecretKeyUnavailableError,
  SecretUnreadableError,
  bulkSealer,
  createSecretBox,
  resolveMasterKey,
  secretKeyFor,
} from '../src/secrets';
import { sql } from 'drizzle-orm';
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

  it('sealed in bulk (stock imports) open with the box of the same purpose, each with its own IV', () => {
    const seal = bulkSealer(secretKeyFor(config, 'stock-activation-code'));
    const box = createSecretBox(config, 'stock-activation-code');
    // More than one draw of IVs (4,096 per draw), multi-byte text included.
    const codes = Array.from({ length: 5_000 }, (_, i) => `LPA:1$smdp.example.com$CODE-${i}-é`);
    const sealed = codes.map((code) => seal(code));
    expect(sealed.every((value, i) => box.open(value) === codes[i])).toBe(true);
    expect(new Set(sealed.map((value) => value.split(':')[1])).size).toBe(codes.length);
    expect(() => createSecretBox(config, 'supplier-api-key').open(sealed[0]!)).toThrow(
      SecretUnreadableError,
    );
  });
});

describe('suppliers and the key', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ config: { outboundAllowList: ['127.0.0.1'] } });
  });
  afterAll(() => t?.close());

  it('refuses to store an API key without SECRET_KEY on a real database (422, clear message)', async () => {
    const service = createSupplierService({
      db: t.database.db,
      config: {
        secretKey: undefined,
        databaseUrl: 'postgres://db/esim',
        dataDir: tempDir(),
        outboundAllowList: [],
      },
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

/** A local HTTP server that records what reaches it (the key included). */
async function recordingServer(body = '{"bundles":[]}', status = 200) {
  const seen: { url: string; key: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', key: req.headers['x-api-key'] as string | undefined });
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    seen,
    origin,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('a stored API key only goes to the origin it was entered for', () => {
  let t: TestContext;
  let admin: string;
  let a: Awaited<ReturnType<typeof recordingServer>>;
  let b: Awaited<ReturnType<typeof recordingServer>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { outboundAllowList: ['127.0.0.1'] } });
    admin = await t.adminToken();
    a = await recordingServer();
    b = await recordingServer();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await t?.close();
  });

  async function createAt(origin: string, name: string) {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/supplier',
      token: admin,
      payload: {
        name,
        deliveryType: 'api',
        connectorKind: 'esimgo',
        baseUrl: `${origin}/v2.4`,
        apiKey: 'key-for-a',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }

  const put = (payload: object) =>
    t.inject({ method: 'PUT', url: '/api/mng/supplier', token: admin, payload });
  const probe = (id: string) =>
    t.inject({ method: 'POST', url: `/api/mng/supplier/test-connection?id=${id}`, token: admin });

  it('refuses a new origin without the key (field error on apiKey); same origin keeps it', async () => {
    const supplier = await createAt(a.origin, 'Origin bound');
    const moved = await put({ ...supplier, baseUrl: `${b.origin}/v2.4` });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual([
      expect.objectContaining({ field: 'apiKey', key: 'suppliers.apiKeyForOtherOrigin' }),
    ]);
    expect(
      (
        await t.inject({ method: 'GET', url: `/api/mng/supplier?id=${supplier.id}`, token: admin })
      ).json().data.baseUrl,
    ).toBe(`${a.origin}/v2.4`);

    const samePlace = await put({ ...supplier, baseUrl: `${a.origin}/v2.5` });
    expect(samePlace.statusCode, samePlace.body).toBe(200);
    expect(samePlace.json().data.apiKeySet).toBe(true);

    const withKey = await put({
      ...samePlace.json().data,
      baseUrl: `${b.origin}/v2.4`,
      apiKey: 'key-for-b',
    });
    expect(withKey.statusCode, withKey.body).toBe(200);
    expect((await probe(supplier.id)).json().data.ok).toBe(true);
    expect(b.seen.at(-1)?.key).toBe('key-for-b');
    expect(a.seen.map((request) => request.key)).not.toContain('key-for-b');
  });

  it('never sends the key when the stored base URL has another origin than the key (test and sync)', async () => {
    const supplier = await createAt(a.origin, 'Tampered base URL');
    // However the base URL changed (an older release, a direct edit): the key stays with its origin.
    await t.database.db.execute(
      sql`UPDATE suppliers SET connector_base_url = ${`${b.origin}/v2.4`} WHERE id = ${supplier.id}`,
    );
    const hitsBefore = b.seen.length;
    const res = await probe(supplier.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().errorMessageKey).toBe('suppliers.keyOriginChanged');
    const sync = createSupplierSyncService({ db: t.database.db, config: t.config });
    await expect(sync.list({ supplierId: supplier.id })).rejects.toMatchObject({
      statusCode: 422,
      apiMessage: expect.objectContaining({ key: 'suppliers.keyOriginChanged' }),
    });
    expect(b.seen.length).toBe(hitsBefore);
  });
});

describe('outbound calls to suppliers', () => {
  let t: TestContext;
  let admin: string;
  let local: Awaited<ReturnType<typeof recordingServer>>;
  beforeAll(async () => {
    // The default configuration: only the embedded simulator (127.0.0.1:3199) is allow-listed.
    t = await createTestApp();
    admin = await t.adminToken();
    local = await recordingServer('{"detail":"remote-secret-body"}', 500);
  });
  afterAll(async () => {
    await local?.close();
    await t?.close();
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://127.0.0.1:8080/v2.4',
    'http://localhost:8080/v2.4',
    'http://[::1]/v2.4',
    'http://[::ffff:7f00:1]/v2.4',
    'http://10.0.0.8/v2.4',
    'http://192.168.0.10/v2.4',
    'http://172.20.0.1/v2.4',
    'http://0.0.0.0:3000/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
  ])('refuses the base URL %s (field error on baseUrl)', async (baseUrl) => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/supplier',
      token: admin,
      payload: {
        name: `Blocked ${baseUrl}`,
        deliveryType: 'api',
        connectorKind: 'esimgo',
        baseUrl,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ field: 'baseUrl', key: 'suppliers.baseUrlNotAllowed' }),
    ]);
  });

  it('accepts the allow-listed simulator address of the default configuration', async () => {
    expect(t.config.outboundAllowList).toEqual(['127.0.0.1:3199']);
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/supplier',
      token: admin,
      payload: {
        name: 'Simulator address',
        deliveryType: 'api',
        connectorKind: 'esimgo',
        baseUrl: 'http://127.0.0.1:3199/v2.4',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('the connection test reaches no refused address and says only "Not reachable"', async () => {
    const allowed = createSupplierService({
      db: t.database.db,
      config: { ...t.config, outboundAllowList: ['127.0.0.1'] },
    });
    const supplier = await allowed.create(
      {
        name: 'Allowed once',
        status: 'active',
        currency: 'JPY',
        deliveryType: 'api',
        connectorKind: 'esimgo',
        baseUrl: `${local.origin}/v2.4`,
        apiKey: 'never-sent',
      },
      SYSTEM_ACTOR,
    );
    // The app's configuration does not allow it: nothing leaves, and the answer is ours.
    const res = await t.inject({
      method: 'POST',
      url: `/api/mng/supplier/test-connection?id=${supplier.id}`,
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ok: false, status: null, error: 'Not reachable' });
    expect(local.seen).toEqual([]);
    // Where it may go, a failing remote's body is not passed on either.
    const reached = await allowed.testConnection(supplier.id);
    expect(reached).toMatchObject({ ok: false, status: 500, error: 'HTTP 500' });
    expect(JSON.stringify(reached)).not.toContain('remote-secret-body');
    expect(local.seen).toHaveLength(1);
  });
});
