// How the config and roster schemas are compiled: the same options whether the build precompiles them or the sources
// compile them at run time.
import type { Options, ValidateFunction } from "ajv";

// verbose: the error messages quote the offending value and list the keys the schema allows.
export const AJV_OPTIONS: Options = { allErrors: true, verbose: true, allowUnionTypes: true, strict: true };

/** The module the build writes beside load.js, exporting the compiled validators as `config` and `roster`. */
export const PRECOMPILED_VALIDATORS = "validators.cjs";

export interface Validators {
  config: ValidateFunction;
  roster: ValidateFunction;
}
