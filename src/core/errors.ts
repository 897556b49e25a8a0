/**
 * Every failure a caller can see. The code is stable and documented (docs/rest-api.md); the HTTP status is
 * what the REST facade answers and what GraphQL errors carry in `extensions.http`.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  INVALID_QUERY: 400,
  QUERY_TOO_COMPLEX: 400,
  UNAUTHORIZED: 401,
  ACCOUNT_SUSPENDED: 403,
  SECOND_FACTOR_REQUIRED: 401,
  CSRF_HEADER_REQUIRED: 403,
  INSUFFICIENT_SCOPE: 403,
  SUBSCRIPTION_EXPIRED: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  INVALID_JSON: 422,
  VALIDATION_ERROR: 422,
  NO_CONNECTED_NUMBER: 422,
  MESSAGE_NOT_FAILED: 422,
  OUTSIDE_SEND_WINDOW: 422,
  RECIPIENT_OPTED_OUT: 422,
  OUTSIDE_CUSTOMER_WINDOW: 422,
  UNSUPPORTED_BY_CHANNEL: 422,
  NUMBER_LIMIT_REACHED: 422,
  NO_SERVER_ROOM: 422,
  KEY_LIMIT_REACHED: 422,
  USER_LIMIT_REACHED: 422,
  EMAIL_TAKEN: 409,
  NUMBER_ALREADY_LINKED: 409,
  LINK_NOT_READY: 409,
  EXPORT_NOT_READY: 409,
  PAYMENT_ALREADY_INVOICED: 409,
  EXPORT_EXPIRED: 410,
  TEMPLATE_IN_USE: 409,
  TEMPLATE_EXISTS: 409,
  PROVIDER_BLOCK_ACTIVE: 409,
  PAYMENT_FAILED: 402,
  PAYMENT_IN_PROGRESS: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_IN_PROGRESS: 409,
  DELIVERY_NOT_FINISHED: 422,
  MONTHLY_LIMIT_REACHED: 429,
  ACCOUNT_LIMIT_REACHED: 429,
  TOO_MANY_SUBSCRIPTIONS: 429,
  EXPORT_LIMIT_REACHED: 429,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  CHANNEL_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
  SIGNUP_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Field name (as the caller wrote it) to what is wrong with it; validation errors only. */
    readonly fields?: Record<string, string>,
    /** Extra facts the caller needs, such as the id of a message that failed in the channel. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ServiceError";
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what: string) => new ServiceError("NOT_FOUND", `${what} not found.`);

export function validationError(fields: Record<string, string>): ServiceError {
  const names = Object.keys(fields);
  return new ServiceError("VALIDATION_ERROR", `Invalid ${names.length === 1 ? "field" : "fields"}: ${names.join(", ")}.`, fields);
}
