export const API_BASE_PATH = '/api/v4';
export const OPENAPI_DOCUMENT_PATH = `${API_BASE_PATH}/static/openapi.yaml`;

export const AUTH_STORAGE_KEY = 'portal.auth';
/** Shared by every tab of the portal, so activity in one keeps the others from timing out. */
export const LAST_ACTIVITY_STORAGE_KEY = 'portal.lastActivityAt';

/** Used until GET /settings/ui answers, and if it fails (spec part 1, section 9). */
export const DEFAULT_UI_SETTINGS = {
  idle_timeout_ms: 7_200_000,
  idle_warning_ms: 60_000,
};

export const JOB_POLL_INTERVAL_MS = 1000;
/** How often a finished job is looked at while its result e-mail waits to be tried again. */
export const RESULT_MAIL_RETRY_POLL_INTERVAL_MS = 5000;

/** The largest page the API serves; lists follow the cursor page by page. */
export const LIST_PAGE_LIMIT = 500;

/** Clients on this fulfillment request API version or later get LTL and the API reference. */
export const CLIENT_VERSION_WITH_LTL = 2;
