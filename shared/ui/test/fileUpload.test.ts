// @vitest-environment node
import { configureApiClient, isApiError } from '@esim/platform';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FileUploadError, fetchSender, uploadFile } from '../src';

/* The kit's two-step upload against a stand-in API on a real socket: what is sent, in which order,
 * with which headers, and what each failure becomes. */

interface Received {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const received: Received[] = [];
let baseUrl: string;
let origin: string;
let close: () => void;
let answers: Record<string, (response: ServerResponse) => void>;
let shown: string[];

const json = (status: number, body: unknown) => (response: ServerResponse) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const KEY = 'partner-logo/00000000-0000-4000-8000-000000000001.png';

beforeAll(async () => {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      const path = (request.url ?? '').split('?')[0]!;
      (answers[`${request.method} ${path}`] ?? json(404, {}))(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  baseUrl = `${origin}/api/mng`;
  close = () => server.close();
});
afterAll(() => close());

beforeEach(() => {
  received.length = 0;
  shown = [];
  answers = {
    'POST /api/mng/utils/upload-file': json(200, {
      data: {
        key: KEY,
        url: '/api/mng/utils/upload-file/content?token=abc.def',
        method: 'PUT',
        headers: { 'Content-Type': 'application/octet-stream' },
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
        size: PNG.length,
      },
    }),
    'PUT /api/mng/utils/upload-file/content': json(200, { data: { key: KEY, exists: true } }),
    'POST /api/mng/utils/check-exist-file': json(200, {
      data: { key: KEY, exists: true, fileName: 'logo.png', contentType: 'image/png', size: 11 },
    }),
  };
  configureApiClient({
    prefixUrl: baseUrl,
    getToken: async () => 'id-token',
    notify: { success: (text) => shown.push(text), error: (text) => shown.push(text) },
  });
});

const file = (name = 'logo.png', bytes: Uint8Array<ArrayBuffer> = PNG) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('uploadFile', () => {
  it('asks for a link, PUTs the bytes there without a token, then checks the file is stored', async () => {
    const progress: number[] = [];
    const stored = await uploadFile(file(), {
      purpose: 'partnerLogo',
      baseUrl: origin,
      send: fetchSender,
      onProgress: (percent) => progress.push(percent),
    });
    expect(stored).toEqual({
      key: KEY,
      exists: true,
      fileName: 'logo.png',
      contentType: 'image/png',
      size: 11,
    });
    expect(received.map((request) => `${request.method} ${request.url.split('?')[0]}`)).toEqual([
      'POST /api/mng/utils/upload-file',
      'PUT /api/mng/utils/upload-file/content',
      'POST /api/mng/utils/check-exist-file',
    ]);
    const [step1, step2, step3] = received;
    expect(step1!.headers.authorization).toBe('Bearer id-token');
    expect(JSON.parse(step1!.body.toString())).toEqual({
      purpose: 'partnerLogo',
      fileName: 'logo.png',
      size: PNG.length,
      contentType: 'image/png',
    });
    expect(step2!.url).toBe('/api/mng/utils/upload-file/content?token=abc.def');
    expect(step2!.headers.authorization).toBeUndefined();
    expect(step2!.headers['content-type']).toBe('application/octet-stream');
    expect(new Uint8Array(step2!.body)).toEqual(PNG);
    expect(JSON.parse(step3!.body.toString())).toEqual({ key: KEY });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    // Step one answers no message; nothing is toasted.
    expect(shown).toEqual([]);
  });

  it('refuses a file the purpose does not take before sending anything', async () => {
    for (const [name, bytes, key] of [
      ['logo.gif', PNG, 'fileExtension'],
      ['logo.png', new Uint8Array(2 * 1024 * 1024 + 1), 'fileTooLarge'],
      ['logo.png', new Uint8Array(0), 'fileEmpty'],
    ] as const) {
      const failure = await uploadFile(file(name, bytes), { purpose: 'partnerLogo' }).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(FileUploadError);
      expect((failure as FileUploadError).details.validation).toMatch(new RegExp(`^${key}`));
    }
    expect(received).toEqual([]);
  });

  it("carries the server's refusal of the bytes, with its key", async () => {
    answers['PUT /api/mng/utils/upload-file/content'] = json(400, {
      errors: [
        {
          message: 'Only .png, .jpg, .jpeg, .webp formats are supported.',
          code: 'VALIDATION_FAILED',
          field: 'file',
          key: 'validation.fileExtension',
          params: { extensions: '.png, .jpg, .jpeg, .webp' },
        },
      ],
      errorMessage: 'Only .png, .jpg, .jpeg, .webp formats are supported.',
    });
    const failure = (await uploadFile(file(), {
      purpose: 'partnerLogo',
      baseUrl: origin,
      send: fetchSender,
    }).catch((error: unknown) => error)) as FileUploadError;
    expect(failure).toBeInstanceOf(FileUploadError);
    expect(failure.message).toBe('Only .png, .jpg, .jpeg, .webp formats are supported.');
    expect(failure.details).toMatchObject({
      status: 400,
      api: { key: 'validation.fileExtension' },
    });
    // Not asked whether it exists.
    expect(received).toHaveLength(2);
  });

  it('says the upload failed when storage answers without an envelope (S3 XML)', async () => {
    answers['PUT /api/mng/utils/upload-file/content'] = (response) => {
      response.writeHead(403, { 'Content-Type': 'application/xml' });
      response.end(
        '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>',
      );
    };
    const failure = (await uploadFile(file(), {
      purpose: 'partnerLogo',
      baseUrl: origin,
      send: fetchSender,
    }).catch((error: unknown) => error)) as FileUploadError;
    expect(failure.message).toBe('File upload failed.');
    expect(failure.details.status).toBe(403);
  });

  it('rejects when the content check (S3: at check-exist-file) refuses the file', async () => {
    answers['POST /api/mng/utils/check-exist-file'] = json(413, {
      errors: [{ message: 'Files cannot be larger than 2MB.', code: 'PAYLOAD_TOO_LARGE' }],
      errorMessage: 'Files cannot be larger than 2MB.',
    });
    const failure = await uploadFile(file(), {
      purpose: 'partnerLogo',
      baseUrl: origin,
      send: fetchSender,
    }).catch((error: unknown) => error);
    expect(isApiError(failure)).toBe(true);
    expect((failure as Error).message).toBe('Files cannot be larger than 2MB.');

    answers['POST /api/mng/utils/check-exist-file'] = json(200, {
      data: { key: KEY, exists: false },
    });
    const missing = await uploadFile(file(), {
      purpose: 'partnerLogo',
      baseUrl: origin,
      send: fetchSender,
    }).catch((error: unknown) => error);
    expect((missing as Error).message).toBe('File upload failed.');
  });
});
