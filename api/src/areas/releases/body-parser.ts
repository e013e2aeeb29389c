/**
 * The body of POST release/publish: `application/gzip`, handed to the route as the request stream
 * itself (unpacked as it comes, never held in memory; release-store/upload.ts counts the bytes).
 * Any other route sent that content type is refused before a byte is read.
 */
import { RELEASE_PUBLISH_CONTENT_TYPE } from '@esim/contracts';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../http/meta-routes';
import { ERROR_MESSAGES, ValidationError } from '../../http/errors';
import { RELEASE_PUBLISH_ROUTE } from './routes';

export function registerReleaseBodyParser(app: FastifyInstance): void {
  const url = `${API_BASE}/${RELEASE_PUBLISH_ROUTE}`;
  app.addContentTypeParser(RELEASE_PUBLISH_CONTENT_TYPE, (request, payload, done) => {
    if (request.routeOptions.url !== url) {
      done(new ValidationError([{ message: ERROR_MESSAGES.invalidRequest }]), undefined);
      return;
    }
    done(null, payload);
  });
}
