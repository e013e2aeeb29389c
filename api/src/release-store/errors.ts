/**
 * Why a release operation was refused. The CLI prints `message`; HTTP routes map `code` to a
 * status (suggested: invalid_* and build_invalid 400, version_exists 409, the rest 422).
 */
export type ReleaseErrorCode =
  | 'invalid_remote'
  | 'invalid_version'
  | 'invalid_user'
  | 'build_invalid'
  | 'version_exists'
  | 'not_published'
  | 'not_pinned'
  | 'no_previous_pin'
  | 'no_canary'
  | 'canary_is_pinned'
  | 'canary_needs_pin';

export class ReleaseError extends Error {
  constructor(
    readonly code: ReleaseErrorCode,
    message: string,
    /** What the message is about (remote, version, versions): the API words it by key from these. */
    readonly params: Readonly<Partial<Record<'remote' | 'version' | 'versions', string>>> = {},
  ) {
    super(message);
    this.name = 'ReleaseError';
  }
}

export function isReleaseError(error: unknown): error is ReleaseError {
  return error instanceof ReleaseError;
}
