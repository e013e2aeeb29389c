/**
 * File uploads (docs/files.md, docs/decisions/0018-file-uploads.md).
 *
 * Step one (createUpload): the caller may write the area the file is for; the name says a type
 * the purpose takes and the size is within its limit (contracts uploadFileSchema). A row
 * (file_uploads, pending) is written and a link for step two given out.
 * Step two, local storage (receiveLocal): the signed link is checked, the row claimed once
 * (pending -> receiving), the bytes written beside the files, then settled.
 * Step two, S3: the browser PUTs to the presigned URL; the next check-exist-file (or a consumer's
 * storedFile) settles it (pending -> verifying).
 * Settling reads what arrived (size, first bytes), checks it (./content-check.ts) and either moves
 * it to its key (stored) or deletes it (rejected, answered with the spec's message).
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ERROR_CODES,
  FILE_PURPOSES,
  can,
  defineApiMessages,
  fileLimitBytes,
  filePurposeOfKey,
  fileTypeForName,
  fileNameExtension,
  type FileExistence,
  type FilePurpose,
  type FileUploadTicket,
  type PermissionEntry,
  FILE_UPLOAD_CONTENT_TYPE,
} from '@esim/contracts';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import { keyedMessage } from '../../csv';
import type { Db } from '../../db/client';
import { fileUploads, type FileUploadRow } from '../../db/schema';
import { API_BASE } from '../../http/meta-routes';
import { AppError, ForbiddenError, ValidationError } from '../../http/errors';
import { secretKeyFor } from '../../secrets';
import { checkContent, type ContentVerdict } from './content-check';
import {
  createLocalFileStorage,
  UploadTooLargeError,
  type LocalFileStorage,
} from './local-storage';
import { createS3FileStorage, type S3FileStorage } from './s3-storage';
import { signUploadLink, verifyUploadLink } from './upload-link';

export const FILES_MESSAGES = defineApiMessages('files', {
  uploadFailed: 'File upload failed.',
  linkInvalid: 'This upload link is not valid, was already used or has expired.',
});

/** The console's own step-two route (local storage), under the API prefix. */
export const UPLOAD_CONTENT_ROUTE = 'utils/upload-file/content';
export const UPLOAD_CONTENT_PATH = `${API_BASE}/${UPLOAD_CONTENT_ROUTE}`;

/** How long check-exist-file waits for a file another request is checking. */
const SETTLE_WAIT_MS = 5_000;

export type FileStorage = LocalFileStorage | S3FileStorage;

export interface FileDeps {
  config: Pick<AppConfig, 'files' | 'consoleOrigin' | 'secretKey' | 'databaseUrl' | 'dataDir'>;
  db: Db;
}

function mayWrite(permissions: PermissionEntry[], purpose: FilePurpose): boolean {
  const { resource } = FILE_PURPOSES[purpose];
  return can(permissions, resource, 'POST') || can(permissions, resource, 'PUT');
}

function mayRead(permissions: PermissionEntry[], purpose: FilePurpose): boolean {
  return can(permissions, FILE_PURPOSES[purpose].resource, 'GET');
}

function refusal(verdict: Exclude<ContentVerdict, { ok: true }>): AppError {
  if (verdict.reason === 'fileTooLarge') {
    return new AppError(
      413,
      ERROR_CODES.payloadTooLarge,
      keyedMessage('fileTooLarge', verdict.params),
    );
  }
  if (verdict.reason === 'incomplete') {
    return new ValidationError([{ field: 'file', message: FILES_MESSAGES.uploadFailed }]);
  }
  return new ValidationError([
    { field: 'file', message: keyedMessage(verdict.reason, verdict.params) },
  ]);
}

function existence(row: FileUploadRow): FileExistence {
  return {
    key: row.key,
    exists: true,
    fileName: row.fileName,
    ...(row.contentType ? { contentType: row.contentType } : {}),
    size: row.storedSize ?? row.size,
  };
}

export function createStorage(deps: FileDeps): FileStorage {
  const { files } = deps.config;
  if (files.storage === 's3' && files.s3) {
    return createS3FileStorage(files.s3, files.uploadUrlTtlSeconds);
  }
  let linkKey: Buffer | undefined;
  return createLocalFileStorage({
    dir: files.localDir,
    linkFor(upload) {
      linkKey ??= secretKeyFor(deps.config, 'file-upload-links');
      const token = signUploadLink(linkKey, {
        id: upload.id,
        key: upload.key,
        size: upload.size,
        expires: Math.floor(upload.expiresAt.getTime() / 1000),
      });
      // Relative without PUBLIC_URL: the console resolves it against its own origin.
      return `${deps.config.consoleOrigin ?? ''}${UPLOAD_CONTENT_PATH}?token=${token}`;
    },
  });
}

export function createFileService(deps: FileDeps, storage: FileStorage = createStorage(deps)) {
  const { db } = deps;
  const ttlSeconds = deps.config.files.uploadUrlTtlSeconds;
  let linkKey: Buffer | undefined;

  async function setStatus(
    row: FileUploadRow,
    values: Partial<
      Pick<FileUploadRow, 'status' | 'contentType' | 'storedSize' | 'rejectedReason'>
    >,
  ): Promise<FileUploadRow> {
    const [updated] = await db
      .update(fileUploads)
      .set({
        ...values,
        ...(values.status === 'stored' || values.status === 'rejected'
          ? { completedAt: new Date() }
          : {}),
      })
      .where(eq(fileUploads.id, row.id))
      .returning();
    return updated ?? row;
  }

  /**
   * Checks what arrived for a claimed upload and makes it the file at its key, or deletes it and
   * throws the reason (413 size, 400 type / empty / incomplete).
   */
  async function settle(row: FileUploadRow): Promise<FileUploadRow | null> {
    const arrived = await storage.incoming(row);
    if (!arrived) return null;
    const purpose = row.purpose as FilePurpose;
    const verdict = await checkContent(
      purpose,
      row.fileType as Parameters<typeof checkContent>[1],
      row.size,
      arrived,
    );
    if (!verdict.ok) {
      await storage.discardIncoming(row);
      await setStatus(row, {
        status: 'rejected',
        rejectedReason: verdict.reason,
        storedSize: arrived.size,
      });
      throw refusal(verdict);
    }
    try {
      await storage.promote(row, verdict.contentType);
    } catch (error) {
      await storage.discardIncoming(row).catch(() => undefined);
      await setStatus(row, { status: 'rejected', rejectedReason: 'storage' });
      throw error;
    }
    return setStatus(row, {
      status: 'stored',
      contentType: verdict.contentType,
      storedSize: arrived.size,
    });
  }

  /** S3: claims a pending upload (pending -> verifying) and settles it; null when nothing arrived. */
  async function settleRemote(row: FileUploadRow): Promise<FileUploadRow> {
    const [claimed] = await db
      .update(fileUploads)
      .set({ status: 'verifying' })
      .where(and(eq(fileUploads.id, row.id), eq(fileUploads.status, 'pending')))
      .returning();
    if (!claimed) return waitForSettled(row);
    try {
      const settled = await settle(claimed);
      if (settled) return settled;
    } catch (error) {
      if (!(error instanceof AppError)) await setStatus(claimed, { status: 'pending' });
      throw error;
    }
    // Nothing arrived: the link may still be used, unless it has expired.
    const expired = claimed.expiresAt.getTime() <= Date.now();
    return setStatus(claimed, { status: expired ? 'expired' : 'pending' });
  }

  /** Another request is checking the upload: its outcome, once there (or the row as it is). */
  async function waitForSettled(row: FileUploadRow): Promise<FileUploadRow> {
    const until = Date.now() + SETTLE_WAIT_MS;
    let current = row;
    for (;;) {
      const [fresh] = await db.select().from(fileUploads).where(eq(fileUploads.id, row.id));
      if (!fresh) return current;
      current = fresh;
      if (current.status !== 'verifying' && current.status !== 'receiving') return current;
      if (Date.now() >= until) return current;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function rowOfKey(key: string): Promise<FileUploadRow | undefined> {
    const [row] = await db.select().from(fileUploads).where(eq(fileUploads.key, key));
    return row;
  }

  /** The file at `key` when it is stored (settling an S3 upload first); null otherwise. */
  async function stored(key: string): Promise<FileUploadRow | null> {
    let row = await rowOfKey(key);
    if (!row || row.storage !== storage.mode) return null;
    if (row.status === 'pending' && storage.mode === 's3') row = await settleRemote(row);
    else if (row.status === 'verifying' || row.status === 'receiving') {
      row = await waitForSettled(row);
    }
    if (row.status !== 'stored') return null;
    return (await storage.exists(row.key)) ? row : null;
  }

  return {
    storage,

    /** POST utils/upload-file. */
    async createUpload(
      request: { purpose: FilePurpose; fileName: string; size: number },
      caller: { userId: string; permissions: PermissionEntry[] },
    ): Promise<FileUploadTicket> {
      if (!mayWrite(caller.permissions, request.purpose)) throw new ForbiddenError();
      // The schema has checked both; the row keeps what was promised.
      const fileType = fileTypeForName(request.purpose, request.fileName);
      if (!fileType || request.size > fileLimitBytes(request.purpose)) {
        throw new ValidationError([{ field: 'fileName', message: FILES_MESSAGES.uploadFailed }]);
      }
      const id = randomUUID();
      const key = `${FILE_PURPOSES[request.purpose].folder}/${randomUUID()}${fileNameExtension(request.fileName)}`;
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      const [row] = await db
        .insert(fileUploads)
        .values({
          id,
          key,
          purpose: request.purpose,
          fileName: request.fileName,
          fileType,
          size: request.size,
          storage: storage.mode,
          createdBy: caller.userId,
          expiresAt,
        })
        .returning();
      if (!row) throw new Error('upload not recorded');
      return {
        key,
        url: await storage.uploadUrl(row),
        method: 'PUT',
        headers: { 'Content-Type': FILE_UPLOAD_CONTENT_TYPE },
        expiresAt: expiresAt.toISOString(),
        size: request.size,
      };
    },

    /**
     * PUT <upload link> (local storage): no Authorization header; the token is the permission.
     * A bad, expired or used link is a 403 before a byte is read.
     */
    async receiveLocal(token: string, body: unknown): Promise<FileExistence> {
      if (storage.mode !== 'local') throw new ForbiddenError(FILES_MESSAGES.linkInvalid);
      linkKey ??= secretKeyFor(deps.config, 'file-upload-links');
      const claims = verifyUploadLink(linkKey, token);
      if (!claims) throw new ForbiddenError(FILES_MESSAGES.linkInvalid);
      if (!body || typeof (body as Readable).pipe !== 'function') {
        // Not application/octet-stream (the parser hands only that over as a stream).
        throw new ValidationError([{ field: 'file', message: FILES_MESSAGES.uploadFailed }]);
      }
      const [row] = await db
        .update(fileUploads)
        .set({ status: 'receiving' })
        .where(
          and(
            eq(fileUploads.id, claims.id),
            eq(fileUploads.key, claims.key),
            eq(fileUploads.size, claims.size),
            eq(fileUploads.status, 'pending'),
            eq(fileUploads.storage, 'local'),
            gt(fileUploads.expiresAt, sql`now()`),
          ),
        )
        .returning();
      if (!row) throw new ForbiddenError(FILES_MESSAGES.linkInvalid);
      try {
        await storage.receive(row, body as Readable);
      } catch (error) {
        await storage.discardIncoming(row);
        const limit = FILE_PURPOSES[row.purpose as FilePurpose].maxMb;
        if (error instanceof UploadTooLargeError) {
          await setStatus(row, { status: 'rejected', rejectedReason: 'fileTooLarge' });
          throw refusal({ ok: false, reason: 'fileTooLarge', params: { limit } });
        }
        await setStatus(row, { status: 'rejected', rejectedReason: 'incomplete' });
        throw refusal({ ok: false, reason: 'incomplete' });
      }
      const settled = await settle(row);
      if (!settled) throw refusal({ ok: false, reason: 'incomplete' });
      return existence(settled);
    },

    /** POST utils/check-exist-file: needs GET on the area the file is for. */
    async checkExists(
      key: string,
      caller: { permissions: PermissionEntry[] },
    ): Promise<FileExistence> {
      const purpose = filePurposeOfKey(key);
      if (!purpose || !mayRead(caller.permissions, purpose)) throw new ForbiddenError();
      const row = await stored(key);
      return row ? existence(row) : { key, exists: false };
    },

    /**
     * For the areas that keep a file's key (partners' logo, branches): the stored file of that
     * purpose, or a 400 on `field` ('File upload failed.').
     */
    async storedFile(key: string, purpose: FilePurpose, field = 'file'): Promise<FileExistence> {
      const row = filePurposeOfKey(key) === purpose ? await stored(key) : null;
      if (!row) throw new ValidationError([{ field, message: FILES_MESSAGES.uploadFailed }]);
      return existence(row);
    },

    /**
     * Links given out and not used before they expired: their rows become expired and whatever
     * arrived for them is deleted (S3 objects the browser wrote but nobody checked).
     */
    async pruneExpired(graceSeconds = 300): Promise<number> {
      const before = new Date(Date.now() - graceSeconds * 1000);
      const rows = await db
        .select()
        .from(fileUploads)
        .where(
          and(
            inArray(fileUploads.status, ['pending', 'receiving', 'verifying']),
            lt(fileUploads.expiresAt, before),
          ),
        )
        .limit(500);
      for (const row of rows) {
        await storage.discardIncoming(row).catch(() => undefined);
        await setStatus(row, { status: 'expired' });
      }
      return rows.length;
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
