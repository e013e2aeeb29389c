import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ROLE_IDS, type FileExistence, type FileUploadTicket } from '@esim/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3FileStorage } from '../src/areas/files/s3-storage';
import { signUploadLink } from '../src/areas/files/upload-link';
import { ConfigError, filesUploadOrigin, loadConfig, type FilesConfig } from '../src/config';
import { contentSecurityPolicy } from '../src/http/security';
import { fileUploads } from '../src/db/schema';
import { secretKeyFor } from '../src/secrets';
import { createTestApp, type TestContext, type TestUser } from './support/app';
import { TEST_PNG } from './support/upload';
import { startS3Server, type TestS3Server } from './support/s3-server';

/**
 * File uploads in both storage modes (docs/files.md), over real HTTP: step one (POST
 * utils/upload-file), step two (the PUT of the bytes, without a token), check-exist-file. The S3
 * mode runs against a real S3-compatible server started here (s3rver).
 */

const PNG = TEST_PNG;
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const IMAGE_TYPES = 'Only .png, .jpg, .jpeg, .webp formats are supported.';

interface Harness {
  t: TestContext;
  base: string;
  admin: string;
}

async function startApp(files: Pick<FilesConfig, 'storage' | 's3'>): Promise<Harness> {
  const localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-files-test-'));
  const t = await createTestApp({
    config: {
      // No PUBLIC_URL: the local link is relative, resolved against the address listened on.
      consoleOrigin: undefined,
      rateLimit: { max: 100_000, windowMs: 60_000 },
      files: { ...files, localDir, uploadUrlTtlSeconds: 300 },
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const close = t.close.bind(t);
  t.close = async () => {
    await close();
    fs.rmSync(localDir, { recursive: true, force: true });
  };
  return { t, base: `http://127.0.0.1:${port}`, admin: await t.adminToken() };
}

async function api<T>(
  h: Harness,
  url: string,
  body: unknown,
  token: string = h.admin,
): Promise<{ status: number; json: { data: T; errors?: { message: string; key?: string }[] } }> {
  const res = await fetch(`${h.base}/api/mng/${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as never };
}

async function ticketFor(
  h: Harness,
  fileName: string,
  size: number,
  purpose = 'partnerLogo',
  token?: string,
): Promise<FileUploadTicket> {
  const res = await api<FileUploadTicket>(
    h,
    'utils/upload-file',
    { purpose, fileName, size },
    token,
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
}

/** Step two exactly as the browser does it: the URL as given, octet-stream, no Authorization. */
async function put(
  h: Harness,
  url: string,
  bytes: Buffer,
  contentType = 'application/octet-stream',
): Promise<{ status: number; text: string }> {
  const res = await fetch(new URL(url, h.base), {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: bytes,
  });
  return { status: res.status, text: await res.text() };
}

function firstError(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { errors?: { message: string }[] }).errors?.[0]?.message;
  } catch {
    return undefined;
  }
}

async function checkExist(h: Harness, key: string, token?: string) {
  return api<FileExistence>(h, 'utils/check-exist-file', { key }, token);
}

describe('local storage (embedded default)', () => {
  let h: Harness;
  let noRole: TestUser;
  let partner: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    h = await startApp({ storage: 'local', s3: undefined });
    noRole = await h.t.createUser({ roleId: null });
    partner = await h.t.createUser({ roleId: ROLE_IDS.partner });
    staff = await h.t.createUser({ roleId: ROLE_IDS.staff });
  });
  afterAll(() => h?.t.close());

  it('uploads in two steps: a signed link, then the bytes without a token', async () => {
    const ticket = await ticketFor(h, 'Logo.PNG', PNG.length);
    expect(ticket.key).toMatch(/^partner-logo\/[0-9a-f-]{36}\.png$/);
    expect(ticket.method).toBe('PUT');
    expect(ticket.headers).toEqual({ 'Content-Type': 'application/octet-stream' });
    expect(ticket.url).toMatch(/^\/api\/mng\/utils\/upload-file\/content\?token=/);
    expect(new Date(ticket.expiresAt).getTime()).toBeGreaterThan(Date.now());

    const res = await put(h, ticket.url, PNG);
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text).data).toEqual({
      key: ticket.key,
      exists: true,
      fileName: 'Logo.PNG',
      contentType: 'image/png',
      size: PNG.length,
    });
    const onDisk = path.join(h.t.config.files.localDir, ticket.key);
    expect(fs.readFileSync(onDisk)).toEqual(PNG);
    // Nothing left beside the files.
    expect(fs.readdirSync(path.join(h.t.config.files.localDir, '.incoming'))).toEqual([]);

    const check = await checkExist(h, ticket.key);
    expect(check.status).toBe(200);
    expect(check.json.data).toMatchObject({
      key: ticket.key,
      exists: true,
      contentType: 'image/png',
    });
  });

  it('refuses a link used once already, a forged one and an expired one', async () => {
    const ticket = await ticketFor(h, 'logo.png', PNG.length);
    expect((await put(h, ticket.url, PNG)).status).toBe(200);
    const again = await put(h, ticket.url, PNG);
    expect(again.status).toBe(403);
    expect(firstError(again.text)).toBe(
      'This upload link is not valid, was already used or has expired.',
    );

    const fresh = await ticketFor(h, 'logo.png', PNG.length);
    // Every spelling but the server's own is refused (also one base64url decodes alike).
    for (const last of ['A', 'B', 'Q', 'g', 'w']) {
      const forged = fresh.url.slice(0, -1) + last;
      if (forged !== fresh.url) expect((await put(h, forged, PNG)).status, last).toBe(403);
    }
    const url = new URL(fresh.url, h.base);
    const token = url.searchParams.get('token')!;
    const [payload] = token.split('.');
    // Another upload's size in a payload signed for this one: the signature no longer matches.
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { s: number };
    const tampered = Buffer.from(JSON.stringify({ ...claims, s: 10 })).toString('base64url');
    expect((await put(h, fresh.url.replace(payload!, tampered), PNG)).status).toBe(403);
    // The untouched link still works: refusals do not use it up.
    expect((await put(h, fresh.url, PNG)).status).toBe(200);

    // Signed with the server's key but expired.
    const late = await ticketFor(h, 'logo.png', PNG.length);
    const [row] = await h.t.database.db
      .select()
      .from(fileUploads)
      .where(eq(fileUploads.key, late.key));
    const expired = signUploadLink(secretKeyFor(h.t.config, 'file-upload-links'), {
      id: row!.id,
      key: late.key,
      size: PNG.length,
      expires: Math.floor(Date.now() / 1000) - 1,
    });
    const expiredUrl = `/api/mng/utils/upload-file/content?token=${expired}`;
    expect((await put(h, expiredUrl, PNG)).status).toBe(403);
    // The row's own expiry counts too (a link signed for longer than its upload lives).
    await h.t.database.db
      .update(fileUploads)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(fileUploads.id, row!.id));
    expect((await put(h, late.url, PNG)).status).toBe(403);
    expect((await checkExist(h, late.key)).json.data.exists).toBe(false);
  });

  it('needs no Authorization header, and a token does not replace the link', async () => {
    const ticket = await ticketFor(h, 'logo.png', PNG.length);
    const res = await fetch(`${h.base}/api/mng/utils/upload-file/content`, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${h.admin}` },
      body: PNG,
    });
    expect(res.status).toBe(400);
    expect((await put(h, ticket.url, PNG)).status).toBe(200);
  });

  it('takes only application/octet-stream in step two', async () => {
    const ticket = await ticketFor(h, 'logo.png', PNG.length);
    const json = await put(h, ticket.url, Buffer.from('{"a":1}'), 'application/json');
    expect(json.status).toBe(400);
    const text = await put(h, ticket.url, PNG, 'image/png');
    expect(text.status).toBe(400);
    // Still unused.
    expect((await put(h, ticket.url, PNG)).status).toBe(200);
  });

  it('refuses a file over the limit, named or sent', async () => {
    const named = await api(h, 'utils/upload-file', {
      purpose: 'partnerLogo',
      fileName: 'big.png',
      size: 2 * 1024 * 1024 + 1,
    });
    expect(named.status).toBe(400);
    expect(named.json.errors?.[0]).toMatchObject({
      message: 'Files cannot be larger than 2MB.',
      key: 'validation.fileTooLarge',
    });
    // Within the largest purpose's limit, but not this one's.
    const pdf = await api(h, 'utils/upload-file', {
      purpose: 'partnerFile',
      fileName: 'contract.pdf',
      size: 11 * 1024 * 1024,
    });
    expect(pdf.json.errors?.[0]?.message).toBe('Files cannot be larger than 10MB.');

    // More bytes than the link was made for.
    const ticket = await ticketFor(h, 'logo.png', PNG.length);
    const sent = await put(h, ticket.url, Buffer.concat([PNG, Buffer.alloc(64 * 1024)]));
    expect(sent.status).toBe(413);
    expect(firstError(sent.text)).toBe('Files cannot be larger than 2MB.');
    expect((await checkExist(h, ticket.key)).json.data.exists).toBe(false);
    expect(fs.existsSync(path.join(h.t.config.files.localDir, ticket.key))).toBe(false);

    // Fewer bytes than named: the upload did not finish.
    const short = await ticketFor(h, 'logo.png', PNG.length + 10);
    const cut = await put(h, short.url, PNG);
    expect(cut.status).toBe(400);
    expect(firstError(cut.text)).toBe('File upload failed.');
  });

  it('checks the content, not the name: a .png that is a PDF is refused', async () => {
    const ticket = await ticketFor(h, 'logo.png', PDF.length);
    const res = await put(h, ticket.url, PDF);
    expect(res.status).toBe(400);
    expect(firstError(res.text)).toBe(IMAGE_TYPES);
    expect((await checkExist(h, ticket.key)).json.data.exists).toBe(false);
    expect(fs.existsSync(path.join(h.t.config.files.localDir, ticket.key))).toBe(false);

    // Text named .png.
    const text = Buffer.from('just some text, not an image at all');
    const named = await ticketFor(h, 'notes.png', text.length);
    expect(firstError((await put(h, named.url, text)).text)).toBe(IMAGE_TYPES);

    // A PDF where the purpose takes PDFs, but the name promised a PNG.
    const mixed = await ticketFor(h, 'scan.png', PDF.length, 'partnerFile');
    expect(firstError((await put(h, mixed.url, PDF)).text)).toBe(
      'Only .pdf, .png, .jpg, .jpeg formats are supported.',
    );
    const real = await ticketFor(h, 'contract.pdf', PDF.length, 'partnerFile');
    expect((await put(h, real.url, PDF)).status).toBe(200);
  });

  it('refuses names of types the purpose does not take, before any upload', async () => {
    for (const fileName of ['logo.svg', 'logo.exe', 'logo', 'logo.png.exe']) {
      const res = await api(h, 'utils/upload-file', {
        purpose: 'partnerLogo',
        fileName,
        size: 10,
      });
      expect(res.status, fileName).toBe(400);
      expect(res.json.errors?.[0]).toMatchObject({ message: IMAGE_TYPES });
    }
    const empty = await api(h, 'utils/upload-file', {
      purpose: 'partnerLogo',
      fileName: 'logo.png',
      size: 0,
    });
    expect(empty.json.errors?.[0]?.message).toBe('File is empty.');
  });

  it('answers check-exist-file for keys it never gave out, and refuses keys that are not keys', async () => {
    const unknown = await checkExist(h, 'partner-logo/00000000-0000-4000-8000-000000000000.png');
    expect(unknown.json.data).toEqual({
      key: 'partner-logo/00000000-0000-4000-8000-000000000000.png',
      exists: false,
    });
    for (const key of [
      '../secret.key',
      'partner-logo/../../secret.key',
      '/etc/passwd',
      'partner-logo/x.png',
      '.incoming/00000000-0000-4000-8000-000000000000',
    ]) {
      expect((await checkExist(h, key)).status, key).toBe(400);
    }
  });

  it('lets only those who may write the area upload, and those who may read it check', async () => {
    const denied = await api(
      h,
      'utils/upload-file',
      { purpose: 'partnerLogo', fileName: 'logo.png', size: 10 },
      noRole.token,
    );
    expect(denied.status).toBe(403);
    expect(denied.json.errors?.[0]?.message).toBe('Access Denied');

    // Partner admins may change partners (PUT /partners) but not branches.
    const ticket = await ticketFor(h, 'logo.png', PNG.length, 'partnerLogo', partner.token);
    expect((await put(h, ticket.url, PNG)).status).toBe(200);
    expect((await checkExist(h, ticket.key, partner.token)).json.data.exists).toBe(true);
    const branch = await api(
      h,
      'utils/upload-file',
      { purpose: 'branchLogo', fileName: 'seal.png', size: 10 },
      partner.token,
    );
    expect(branch.status).toBe(403);
    await ticketFor(h, 'seal.png', PNG.length, 'branchLogo', staff.token);

    expect((await checkExist(h, ticket.key, noRole.token)).status).toBe(403);
    const unsigned = await fetch(`${h.base}/api/mng/utils/upload-file`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(unsigned.status).toBe(401);
  });
});

describe('S3-compatible storage', () => {
  let s3: TestS3Server;
  let h: Harness;
  let client: S3Client;

  beforeAll(async () => {
    s3 = await startS3Server();
    h = await startApp({ storage: 's3', s3: s3.config('console/') });
    client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    client?.destroy();
    await h?.t.close();
    await s3?.close();
  });

  async function objectType(key: string): Promise<string | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
      return head.ContentType ?? '';
    } catch {
      return null;
    }
  }

  function incomingKeyOf(ticket: FileUploadTicket): string {
    return decodeURIComponent(new URL(ticket.url).pathname).replace(`/${s3.bucket}/`, '');
  }

  it('uploads in two steps to a presigned URL, checked when its existence is asked', async () => {
    const ticket = await ticketFor(h, 'logo.png', PNG.length);
    const url = new URL(ticket.url);
    expect(url.origin).toBe(s3.endpoint);
    expect(incomingKeyOf(ticket)).toMatch(/^console\/incoming\/[0-9a-f-]{36}$/);
    // Signed for this host and this exact size; no checksum of an empty body.
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect([...url.searchParams.keys()].some((name) => /checksum/i.test(name))).toBe(false);

    // Asked before the bytes are there: not yet.
    expect((await checkExist(h, ticket.key)).json.data.exists).toBe(false);

    const res = await put(h, ticket.url, PNG);
    expect(res.status, res.text).toBe(200);
    const check = await checkExist(h, ticket.key);
    expect(check.status).toBe(200);
    expect(check.json.data).toEqual({
      key: ticket.key,
      exists: true,
      fileName: 'logo.png',
      contentType: 'image/png',
      size: PNG.length,
    });
    expect(await objectType(`console/${ticket.key}`)).toBe('image/png');
    expect(await objectType(incomingKeyOf(ticket))).toBeNull();

    // Writing through the URL again cannot touch the checked file.
    expect((await put(h, ticket.url, PDF)).status).toBe(200);
    expect((await checkExist(h, ticket.key)).json.data.contentType).toBe('image/png');
  });

  it('deletes what fails the content check and says why: a .png that is a PDF', async () => {
    const ticket = await ticketFor(h, 'logo.png', PDF.length);
    expect((await put(h, ticket.url, PDF)).status).toBe(200);
    const check = await checkExist(h, ticket.key);
    expect(check.status).toBe(400);
    expect(check.json.errors?.[0]?.message).toBe(IMAGE_TYPES);
    expect(await objectType(incomingKeyOf(ticket))).toBeNull();
    expect(await objectType(`console/${ticket.key}`)).toBeNull();
    expect((await checkExist(h, ticket.key)).json.data.exists).toBe(false);
  });

  it('deletes an object larger than announced (where the server did not hold the signed size)', async () => {
    const ticket = await ticketFor(h, 'logo.png', PNG.length);
    expect((await put(h, ticket.url, Buffer.concat([PNG, Buffer.alloc(1024)]))).status).toBe(200);
    const check = await checkExist(h, ticket.key);
    expect(check.status).toBe(413);
    expect(check.json.errors?.[0]?.message).toBe('Files cannot be larger than 2MB.');
    expect(await objectType(incomingKeyOf(ticket))).toBeNull();
  });

  it('an expired presigned URL is refused by the storage', async () => {
    const ticket = await ticketFor(h, 'logo.png', PNG.length);
    const [row] = await h.t.database.db
      .select()
      .from(fileUploads)
      .where(eq(fileUploads.key, ticket.key));
    const shortLived = createS3FileStorage(s3.config('console/'), 1);
    const url = await shortLived.uploadUrl(row!);
    shortLived.close();
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const res = await put(h, url, PNG);
    expect(res.status).toBe(403);
    expect(res.text).toContain('expired');
    expect((await checkExist(h, ticket.key)).json.data.exists).toBe(false);
  });

  it('has no step-two route of its own: the local link is refused', async () => {
    const ticket = await ticketFor(h, 'logo.png', PNG.length);
    const [row] = await h.t.database.db
      .select()
      .from(fileUploads)
      .where(eq(fileUploads.key, ticket.key));
    const token = signUploadLink(secretKeyFor(h.t.config, 'file-upload-links'), {
      id: row!.id,
      key: ticket.key,
      size: PNG.length,
      expires: Math.floor(Date.now() / 1000) + 60,
    });
    expect((await put(h, `/api/mng/utils/upload-file/content?token=${token}`, PNG)).status).toBe(
      403,
    );
  });
});

describe('configuration (FILE_STORAGE, S3_*)', () => {
  const base = { DATA_DIR: '/tmp/esim-config-test' };

  it('keeps files on local disk by default, in S3 when a bucket is named', () => {
    const local = loadConfig(base).files;
    expect(local).toMatchObject({
      storage: 'local',
      localDir: '/tmp/esim-config-test/files',
      uploadUrlTtlSeconds: 300,
      s3: undefined,
    });
    const s3 = loadConfig({
      ...base,
      S3_BUCKET: 'uploads',
      S3_ENDPOINT: 'http://minio:9000',
      S3_PUBLIC_ENDPOINT: 'https://files.example.com',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_KEY_PREFIX: 'console/',
    }).files;
    expect(s3.storage).toBe('s3');
    expect(s3.s3).toMatchObject({
      bucket: 'uploads',
      region: 'ap-northeast-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      keyPrefix: 'console/',
    });
    // Browsers PUT to the public endpoint: the CSP lets them.
    expect(filesUploadOrigin(s3)).toBe('https://files.example.com');
    const csp = contentSecurityPolicy({ ...loadConfig(base), files: s3 });
    expect(csp).toMatch(/connect-src [^;]*https:\/\/files\.example\.com/);
    expect(
      filesUploadOrigin(loadConfig({ ...base, S3_BUCKET: 'b', S3_REGION: 'eu-central-1' }).files),
    ).toBe('https://b.s3.eu-central-1.amazonaws.com');
  });

  it('refuses settings that cannot work', () => {
    for (const env of [
      { FILE_STORAGE: 's3' },
      { FILE_STORAGE: 'ftp' },
      { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-the-id' },
      { S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' },
      { FILE_UPLOAD_URL_TTL_SECONDS: '5' },
    ]) {
      expect(() => loadConfig({ ...base, ...env }), JSON.stringify(env)).toThrow(ConfigError);
    }
  });
});
