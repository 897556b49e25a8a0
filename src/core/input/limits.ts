// Per-request limits the REST facade enforces before a feature runs (a CSV sheet is counted as
// it is read), shared with the features that enforce them again on their own input.

/** Numbers (or recipients, or CSV rows) in one bulk send. */
export const MAX_BULK_NUMBERS = 500;
