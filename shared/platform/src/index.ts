/**
 * @esim/platform: the console's runtime singletons, shared by the host and every remote
 * (Module Federation singleton). No UI here: notifications are injected (configureApiClient).
 */
export {
  loadRuntimeConfig,
  getRuntimeConfig,
  setRuntimeConfig,
  RUNTIME_CONFIG_URL,
} from './runtime-config';
export type { RuntimeConfig, IdentityConfig } from './runtime-config';

export { configureAuth } from './auth/configure-auth';
export {
  startSignIn,
  answerOtp,
  getIdToken,
  currentUser,
  sessionUser,
  signOutEverywhere,
  SignOutTimeoutError,
} from './auth/auth-session';
export type { SessionUser } from './auth/auth-session';
export {
  AUTH_MESSAGE_KEYS,
  USER_DISABLED_MESSAGE,
  signInErrorKey,
  isSignedOutError,
} from './auth/auth-errors';
export type { AuthMessageKey } from './auth/auth-errors';
export { useAuthStore, SIGNED_IN_USER_KEY, CHALLENGE_EMAIL_KEY } from './auth/auth-store';
export type { AuthState, AuthStatus, SignOutNotice } from './auth/auth-store';
export { beginSignIn, resendOtp, submitOtp, checkSession } from './auth/sign-in';
export type { SignInResult, OtpResult } from './auth/sign-in';
export { signOut } from './auth/sign-out';
export type { SignOutOptions } from './auth/sign-out';

export { watchSession } from './session/watch-session';
export { onForbidden, onUnauthorized } from './session/session-events';

export { api, request, requestRaw, configureApiClient } from './api/api-client';
export type {
  ApiClientConfig,
  HttpMethod,
  Notifier,
  RequestOptions,
  SearchParams,
} from './api/api-client';
export {
  ApiError,
  isApiError,
  DEFAULT_ERROR_MESSAGE,
  errorMessageFromBody,
  errorFromBody,
} from './api/api-error';
export { browserTimeZone, downloadFile, fetchFile, fileNameFrom } from './api/download';
export type { FetchedFile } from './api/download';
export { csvUploader } from './api/csv-upload';
export type { CsvSend, CsvUploadTarget } from './api/csv-upload';
export {
  loadApiMessageTranslator,
  translateApiMessage,
  API_MESSAGES_NAMESPACE,
} from './api/api-message-translator';
export type { ApiMessageRef } from './api/api-message-translator';

export { createQueryClient, getQueryClient, shouldRetryQuery } from './query/query-client';
export { countriesQuery, currenciesQuery, referenceKeys } from './query/reference-queries';
export {
  latestNoticesQuery,
  markNoticesReadMutation,
  notificationKeys,
  validNoticesQuery,
  NOTIFICATION_REFRESH_MS,
} from './query/notification-queries';
export {
  backgroundJobQuery,
  backgroundJobSource,
  isJobFinished,
  useBackgroundJob,
  JOB_POLL_MS,
} from './jobs/background-job';
export type { BackgroundJob, BackgroundJobSource } from './jobs/background-job';
export { useMinorUnits, useMoneyFormat } from './money/money-format';

export {
  usePermissionStore,
  usePermission,
  hasPermission,
  reloadPermissions,
  FORBIDDEN_RELOAD_INTERVAL_MS,
} from './permissions/permission-store';
export type { PermissionState, PermissionStatus } from './permissions/permission-store';

export {
  initI18n,
  changeLanguage,
  currentLanguage,
  storedLanguage,
  i18next,
  BASE_NAMESPACES,
  DEFAULT_NAMESPACE,
} from './i18n/init-i18n';
export type { InitI18nOptions } from './i18n/init-i18n';
export { registerNamespaceLoader, localeBackend } from './i18n/locale-backend';
export type { NamespaceLoader } from './i18n/locale-backend';
export { getFormatters, INTL_LOCALES } from './i18n/format';
export type { Formatters } from './i18n/format';
