// Turns argv into one Command, or a UsageError whose message says what to type instead. No I/O here.
import { parseArgs } from "node:util";
import { UsageError } from "../src/errors.js";
import { FORMATS, isFormat, type Format } from "./reporters/index.js";

interface Common {
  /** The config file as typed (relative to the working folder), when `--config` is given. */
  configFile: string | undefined;
  /** DIR as typed, when given. */
  dir: string | undefined;
  format: Format;
  output: string | undefined;
  quiet: boolean;
}

export type Command =
  | { kind: "help" }
  | { kind: "version" }
  /** `implicit`: no command word was typed, so a DIR that does not exist may be a mistyped command. */
  | ({ kind: "check"; implicit: boolean } & Common)
  | ({ kind: "roster" } & Common)
  | ({ kind: "floors" } & Common)
  | ({ kind: "trace"; file: string; line: number } & Common);

const OPTIONS = {
  config: { type: "string", short: "c" },
  format: { type: "string", short: "f" },
  output: { type: "string", short: "o" },
  quiet: { type: "boolean", short: "q" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
  write: { type: "boolean" },
  raise: { type: "boolean" },
} as const;

type OptionName = keyof typeof OPTIONS;

/** The commands that run; `dropcheck` is reserved and answered before these are looked at. */
const COMMANDS = ["check", "roster", "floors", "trace"] as const;

const HELP_HINT = "(payload-census --help lists commands and flags)";

export function parseCommandLine(argv: readonly string[]): Command {
  // Not strict: node's own messages for unknown or malformed flags do not say what to type instead, ours do.
  const { values, positionals, tokens } = parseArgs({
    args: [...argv],
    options: OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });

  // `dropcheck` takes flags of its own (--base, --head): answer it before they are judged unknown.
  if (positionals[0] === "dropcheck") {
    throw new UsageError("`dropcheck` is not available yet: run `payload-census check` to gate the tree as it is");
  }
  // As in most CLIs, --help and --version win over whatever else is on the line, even a mistake.
  if (values.help === true) return { kind: "help" };
  if (values.version === true) return { kind: "version" };

  for (const token of tokens) {
    if (token.kind !== "option") continue;
    if (!Object.hasOwn(OPTIONS, token.name)) {
      const near = nearest(token.name, Object.keys(OPTIONS));
      throw new UsageError(`unknown flag ${token.rawName}${near ? `: did you mean --${near}?` : ""} ${HELP_HINT}`);
    }
    if (OPTIONS[token.name as OptionName].type === "string") {
      // Without strict parsing, `--format --quiet` would swallow the next flag as the value; refuse that.
      if (token.value === undefined || (!token.inlineValue && token.value.startsWith("-") && token.value !== "-")) {
        throw new UsageError(`${token.rawName} needs a value: ${example(token.name as OptionName)}`);
      }
    } else if (token.value !== undefined) {
      throw new UsageError(`${token.rawName} takes no value: write ${token.rawName} alone`);
    }
  }

  const word = COMMANDS.find((c) => c === positionals[0]);
  const rest = word === undefined ? positionals : positionals.slice(1);
  const kind = word ?? "check";

  const format = stringValue(values.format) ?? "text";
  if (!isFormat(format)) {
    throw new UsageError(`unknown format "${format}": use ${FORMATS.map((f) => `--format ${f}`).join(" or ")}`);
  }
  const common: Common = {
    configFile: stringValue(values.config),
    dir: undefined,
    format,
    output: stringValue(values.output),
    quiet: values.quiet === true,
  };

  if (values.write === true && kind !== "roster") throw new UsageError("--write belongs to roster: payload-census roster --write [DIR]");
  if (values.raise === true && kind !== "floors") throw new UsageError("--raise belongs to floors: payload-census floors --raise [DIR]");

  switch (kind) {
    case "check":
      return { kind, implicit: word === undefined, ...common, dir: onlyDir(rest, "payload-census check [DIR]", common) };
    case "roster":
      if (values.write !== true) {
        throw new UsageError("roster only rewrites the roster file: type payload-census roster --write [DIR]");
      }
      reportOnly(common, "roster --write");
      return { kind, ...common, dir: onlyDir(rest, "payload-census roster --write [DIR]", common) };
    case "floors":
      if (values.raise !== true) {
        throw new UsageError("floors only raises the configured floors: type payload-census floors --raise [DIR]");
      }
      reportOnly(common, "floors --raise");
      return { kind, ...common, dir: onlyDir(rest, "payload-census floors --raise [DIR]", common) };
    case "trace": {
      const [location, ...dirs] = rest;
      if (location === undefined) {
        throw new UsageError("trace needs the line of the `if`: type payload-census trace FILE:LINE [DIR], e.g. src/tools/waits.ts:42");
      }
      if (common.quiet) throw new UsageError("--quiet does not apply to trace: its output is the explanation");
      return { kind, ...parseLocation(location), ...common, dir: onlyDir(dirs, "payload-census trace FILE:LINE [DIR]", common) };
    }
  }
}

/**
 * `FILE:LINE`, or `FILE:LINE:COL` as findings print it (the column is ignored: the pass-through is found by the line
 * of its `if`). Split at the last colons so that a Windows drive letter survives.
 */
export function parseLocation(location: string): { file: string; line: number } {
  const m = /^(.+?):(\d+)(?::\d+)?$/.exec(location);
  const line = m ? Number(m[2]) : 0;
  if (!m || !m[1] || line < 1) {
    throw new UsageError(
      `"${location}" is not FILE:LINE: type the file and the 1-based line of the \`if\`, e.g. payload-census trace src/tools/waits.ts:42`,
    );
  }
  return { file: m[1], line };
}

function onlyDir(rest: string[], synopsis: string, common: Common): string | undefined {
  if (rest.length > 1) {
    throw new UsageError(`too many arguments (${rest.map((r) => `"${r}"`).join(" ")}): type ${synopsis}`);
  }
  const dir = rest[0];
  // loadConfig takes the config file over DIR; refuse rather than silently ignore one of the two.
  if (dir !== undefined && common.configFile !== undefined) {
    throw new UsageError(`both DIR ("${dir}") and --config name the config: give one of them`);
  }
  return dir;
}

/** The writers print a summary, not a report: a report flag given to them would be silently ignored otherwise. */
function reportOnly(common: Common, command: string): void {
  if (common.output !== undefined) throw new UsageError(`--output does not apply to ${command}: it writes its own file`);
  if (common.format !== "text") throw new UsageError(`--format does not apply to ${command}: it prints a short summary`);
}

function stringValue(v: string | boolean | undefined): string | undefined {
  return typeof v === "string" ? v : undefined;
}

function example(name: OptionName): string {
  switch (name) {
    case "config":
      return "--config FILE, e.g. --config payload-census.config.json";
    case "format":
      return FORMATS.map((f) => `--format ${f}`).join(" or ");
    case "output":
      return "--output FILE, e.g. --output census.json";
    default:
      return `--${name} VALUE`;
  }
}

/** The closest name within two edits, for "did you mean": typos are the usual reason for an unknown flag. */
function nearest(name: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const d = editDistance(name, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

export function suggestCommand(word: string): string | undefined {
  return nearest(word, [...COMMANDS]);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
