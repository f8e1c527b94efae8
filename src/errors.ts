// Errors a user can fix: printed as one clear message without a stack, exit code 2. Anything else is a bug.

export class UserError extends Error {
  override name = "UserError";
}

/** The configuration (or the roster file) is missing, unreadable, or does not match the schema. */
export class ConfigError extends UserError {
  override name = "ConfigError";
  constructor(
    message: string,
    /** The file at fault (absolute), when there is one. */
    readonly file?: string,
    /** The JSON path at fault, e.g. `skus[0].tools[1]`. */
    readonly jsonPath?: string,
  ) {
    super(message);
  }
}

/** The command line asks for something that cannot be done (unknown flag, missing argument, no pass-through at FILE:LINE). */
export class UsageError extends UserError {
  override name = "UsageError";
}

/** A writer was asked to write from a census that could not see every file. */
export class PartialCensusError extends UserError {
  override name = "PartialCensusError";
}
