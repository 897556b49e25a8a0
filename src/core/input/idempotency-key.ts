// The Idempotency-Key header's one rule, shared by the services that honour it and the document
// that describes it (the OpenAPI document's header parameter).

export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
