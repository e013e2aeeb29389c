import { checkExistFileSchema, uploadContentQuerySchema, uploadFileSchema } from '@esim/contracts';
import { route } from '../../http/define-route';
import type { AreaRoutes } from '../types';
import { createFileService, UPLOAD_CONTENT_ROUTE } from './service';

/**
 * Utilities (spec section 7): file upload in two steps and the existence check (docs/files.md).
 * The permission of the first and the last depends on the file's purpose (write, resp. read, on
 * the area it is for), so they are declared signed-in and the service checks the area; the
 * second step is called without a token and its signed link is its permission.
 */
export const fileRoutes: AreaRoutes = (deps) => {
  const service = createFileService(deps);
  return [
    route({
      method: 'POST',
      url: 'utils/upload-file',
      permission: 'signedIn',
      body: uploadFileSchema,
      summary: 'Step one of a file upload: where to PUT the bytes',
      description:
        'Body { purpose, fileName, size, contentType? }. Needs POST or PUT on the area of the ' +
        "purpose (403 otherwise). Answers { key, url, method: 'PUT', headers, expiresAt, size }; " +
        'no message (no notification). The URL works once, for FILE_UPLOAD_URL_TTL_SECONDS.',
      tags: ['files'],
      handler: async ({ body, auth }) => ({ data: await service.createUpload(body, auth) }),
    }),
    route({
      method: 'PUT',
      url: UPLOAD_CONTENT_ROUTE,
      permission: 'public',
      query: uploadContentQuerySchema,
      summary: 'Step two of a file upload (local storage): the bytes, at the signed link',
      description:
        'Content-Type: application/octet-stream, no Authorization header: the token is the ' +
        'permission (403 when bad, expired or used). 413 over the size, 400 when the content is ' +
        'not of the type the name says. Answers FileExistence.',
      tags: ['files'],
      handler: async ({ query, request }) => ({
        data: await service.receiveLocal(query.token, request.body),
      }),
    }),
    route({
      method: 'POST',
      url: 'utils/check-exist-file',
      permission: 'signedIn',
      body: checkExistFileSchema,
      summary: 'Whether an uploaded file is stored (checks an S3 upload first)',
      description:
        'Body { key }. Needs GET on the area of the purpose. { exists: false } until the file ' +
        'arrived and passed the content check; an S3 upload that fails it is deleted and answered ' +
        'with the reason (413 / 400).',
      tags: ['files'],
      handler: async ({ body, auth }) => ({ data: await service.checkExists(body.key, auth) }),
    }),
  ];
};
