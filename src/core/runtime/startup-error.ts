/**
 * A reason the process cannot start that the operator fixes outside it: a setting, an unreachable
 * or missing database, an unapplied migration, a data directory in use. Entry points print the
 * message alone (no stack: it is not a bug) and exit 1 before anything has started.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
