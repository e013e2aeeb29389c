/**
 * The step-two body (local storage): `application/octet-stream`, handed to the upload route as
 * the request stream itself (written to disk as it comes, never held in memory, never over the
 * size the link names). Any other route sent that content type is refused before a byte is read.
 */
import { FILE_UPLOAD_CONTENT_TYPE } from '@esim/contracts';
import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES, ValidationError } from '../../http/errors';
import { UPLOAD_CONTENT_PATH } from './service';

export function registerFileBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser(FILE_UPLOAD_CONTENT_TYPE, (request, payload, done) => {
    if (request.routeOptions.url !== UPLOAD_CONTENT_PATH) {
      done(new ValidationError([{ message: ERROR_MESSAGES.invalidRequest }]), undefined);
      return;
    }
    done(null, payload);
  });
}
