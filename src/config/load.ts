// Reads, validates and resolves payload-census.config.json and the roster file: read, parse (JSONC), validate (schema), resolve (meaning), each failure a ConfigError.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import type { ValidateFunction } from "ajv";
import { ConfigError } from "../errors.js";
import { readFailure } from "../fsErrors.js";
import { parseJsonDocument, type JsonDocument } from "./jsonDocument.js";
import { displayPath, problemsError, schemaProblems, type Problem } from "./problems.js";
import { resolveConfig } from "./resolve.js";
import type { GlobListings } from "./globListings.js";
import type { ResolutionReads } from "./configMemo.js";
import { CONFIG_FILE_NAME } from "./names.js";
import { configSchema, rosterSchema, type RawConfig, type RawRoster } from "./schema.js";
import { AJV_OPTIONS, PRECOMPILED_VALIDATORS, type Validators } from "./validatorOptions.js";
import type { ResolvedConfig, Roster } from "./types.js";

export { CONFIG_FILE_NAME } from "./names.js";

/**
 * Loads the config: `configFile` (relative to the process's working directory) when given, else
 * `<dir>/payload-census.config.json` (`dir` defaults to "."). Throws ConfigError (exit 2) naming the JSON path.
 */
export function loadConfig(options: { dir?: string; configFile?: string; listings?: GlobListings; text?: string; reads?: ResolutionReads }): ResolvedConfig {
  const configFile = options.configFile !== undefined ? resolve(options.configFile) : resolve(options.dir ?? ".", CONFIG_FILE_NAME);
  const text = options.text ?? readText(configFile, "config file");
  if (text === undefined) {
    throw new ConfigError(
      `Config file not found: ${displayPath(configFile)} (payload-census reads ${CONFIG_FILE_NAME} in the monitor's root, or the file given by --config)`,
      configFile,
    );
  }
  const doc = parseValid(text, configFile, "config", validators().config);
  const problems: Problem[] = [];
  const config = resolveConfig(doc.value as RawConfig, doc, configFile, problems, options.listings, options.reads);
  if (problems.length > 0) throw problemsError("config", configFile, doc, problems);
  return config;
}

/** Loads the roster named by the config; a missing file is an empty roster (exists: false). Throws ConfigError. */
export function loadRoster(config: ResolvedConfig): Roster {
  const file = config.roster;
  const text = readText(file, "roster file");
  if (text === undefined) return { file, exists: false, entries: [] };
  const doc = parseValid(text, file, "roster", validators().roster);
  const raw = doc.value as RawRoster;
  return {
    file,
    exists: true,
    entries: raw.entries.map((e, i) => ({
      file: e.file,
      tool: e.tool,
      sentence: e.sentence,
      ...(e.count === undefined ? {} : { count: e.count }),
      ...(e.note === undefined ? {} : { note: e.note }),
      line: doc.positionOf(["entries", i])?.line ?? 1,
      column: doc.positionOf(["entries", i])?.column ?? 1,
    })),
  };
}

/** The file's text, or undefined when there is no such file. */
function readText(file: string, what: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    throw new ConfigError(`Cannot read ${what} ${displayPath(file)}: ${readFailure(error)}`, file);
  }
}

/** Parses a JSONC file and checks it against its schema; every syntax or schema problem of the file in one ConfigError. */
function parseValid(text: string, file: string, what: string, validate: ValidateFunction): JsonDocument {
  const doc = parseJsonDocument(text);
  const syntax: Problem[] = [
    ...doc.syntaxErrors,
    ...doc.duplicateKeys.map(({ path, position }) => ({ path, position, message: "duplicate key; expected each key once (only the last would count)" })),
  ];
  if (syntax.length > 0) throw problemsError(what, file, doc, syntax);
  if (!validate(doc.value)) throw problemsError(what, file, doc, schemaProblems(validate.errors!, doc.value)); // ajv sets errors whenever it fails
  return doc;
}

let compiled: Validators | undefined;

// Compiled once per process, on first use: the ESLint plugin loads the config from many rule instances. The build
// writes them compiled beside this module (ajv's standalone code): compiling the schemas would cost a short run more
// than everything else it does.
function validators(): Validators {
  if (compiled === undefined) {
    const require = createRequire(import.meta.url);
    try {
      compiled = require(`./${PRECOMPILED_VALIDATORS}`) as Validators;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "MODULE_NOT_FOUND") throw error;
      // Running from the sources (a test runner): compile them here, with the options the build uses.
      const { Ajv } = require("ajv") as typeof import("ajv");
      const ajv = new Ajv(AJV_OPTIONS);
      compiled = { config: ajv.compile(configSchema), roster: ajv.compile(rosterSchema) };
    }
  }
  return compiled;
}
