/**
 * Whether `err` is a unique constraint's refusal (PostgreSQL's 23505, as the ORM or a raw
 * statement reports it): the database's word that a row with that key exists, which a caller turns
 * into its own documented refusal rather than a 500.
 */
export const isUniqueViolation = (err: unknown): boolean =>
  /unique constraint|23505|P2002|P2010/i.test(err instanceof Error ? `${err.message} ${(err as { code?: string }).code ?? ""}` : String(err));
