import type { ApiMessage } from '@esim/contracts';
import {
  BusinessRuleError,
  ConflictError,
  ERROR_MESSAGES,
  ValidationError,
} from '../../http/errors';
import { isReleaseError, type ReleaseError, type ReleaseErrorCode } from '../../release-store';
import { RELEASE_MESSAGES } from './messages';

const FIELD_OF: Partial<Record<ReleaseErrorCode, string>> = {
  invalid_remote: 'remote',
  invalid_version: 'version',
};

/** The keyed message of a ReleaseError (its params say which remote and version). */
function releaseErrorMessage(error: ReleaseError): ApiMessage {
  const { remote = '', version = '', versions } = error.params;
  switch (error.code) {
    case 'invalid_remote':
      return RELEASE_MESSAGES.invalidRemote({ remote });
    case 'invalid_version':
      return RELEASE_MESSAGES.invalidVersion({ version });
    case 'invalid_user':
      return RELEASE_MESSAGES.invalidUser;
    case 'version_exists':
      return RELEASE_MESSAGES.versionExists({ remote, version });
    case 'not_published':
      return versions
        ? RELEASE_MESSAGES.notPublished({ remote, version, versions })
        : RELEASE_MESSAGES.notPublishedNone({ remote, version });
    case 'not_pinned':
      return RELEASE_MESSAGES.notPinned;
    case 'no_previous_pin':
      return RELEASE_MESSAGES.noPreviousPin;
    case 'no_canary':
      return RELEASE_MESSAGES.noCanary;
    case 'canary_is_pinned':
      return RELEASE_MESSAGES.canaryIsPinned({ remote, version });
    case 'canary_needs_pin':
      return RELEASE_MESSAGES.canaryNeedsPin;
    case 'build_invalid':
      // A build problem of the CLI's publish: its text names local paths; HTTP gives no detail.
      return ERROR_MESSAGES.invalidRequest;
  }
}

/** A ReleaseError as the API answers it (its message, with its key); anything else unchanged. */
export function releaseHttpError(error: unknown): unknown {
  if (!isReleaseError(error)) return error;
  const message = releaseErrorMessage(error);
  switch (error.code) {
    case 'version_exists':
      return new ConflictError(message, 'version');
    case 'not_published':
    case 'not_pinned':
    case 'no_previous_pin':
    case 'no_canary':
    case 'canary_is_pinned':
    case 'canary_needs_pin':
      return new BusinessRuleError(message);
    case 'invalid_remote':
    case 'invalid_version':
    case 'invalid_user':
    case 'build_invalid': {
      const field = FIELD_OF[error.code];
      return new ValidationError([{ message, ...(field ? { field } : {}) }]);
    }
  }
}
