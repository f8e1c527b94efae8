// Turns argv into one Command, or a UsageError whose message says what to type instead. No I/O here.
import { parseArgs } from "node:util";
import { UsageError } from "../src/errors.js";
import { FORMATS, isFormat, type Format } from "./reporters/index.js";
import { closest } from "../src/config/didYouMean.js";
import type { Shard } from "../src/project/partial.js";

interface Common {
  /** The config file as typed (relative to the working folder), when `--config` is given. */
  configFile: string | undefined;
  /** DIR as typed, when given. */
  dir: string | undefined;
  format: Format;
  output: string | undefined;
  quiet: boolean;
  /** --jobs N, when given (default: every core). */
  jobs: number | undefined;
  /** --cache / --no-cache, when given (default: on for the commands that census the tree). */
  cache: boolean | undefined;
  /** --cache-location DIR as typed, when given. */
  cacheLocation: string | undefined;
}

export type Command =
  | { kind: "help" }
  | { kind: "version" }
  /** `implicit`: no command word was typed, so a DIR that does not exist may be a mistyped command. */
  | ({
      kind: "check";
      implicit: boolean;
      /** `--descriptions`: the whole description table, not only the largest. */
      allDescriptions: boolean;
      /** `--shard I/N`: census the I-th of N slices and write a partial report for `merge`. */
      shard: Shard | undefined;
    } & Common)
  /** The partial reports as typed, in the order given. */
  | ({ kind: "merge"; partials: string[] } & Common)
  | ({ kind: "roster" } & Common)
  | ({ kind: "floors" } & Common)
  | ({ kind: "trace"; file: string; line: number } & Common)
  | ({ kind: "witness" } & Common)
  /** `routes TOOL [DIR]`: the status words a tool can return and the line of each. */
  | ({ kind: "routes"; tool: string } & Common)
  /** `head` undefined: the working tree as it is. `tools` empty: every tool of the base revision. */
  | ({ kind: "dropcheck"; base: string; head: string | undefined; tools: string[] } & Common)
  /**
   * Exactly one of `serve` (the module exporting the server factory, as typed: relative to the working folder) and
   * `stdio` (the command line that starts the server, as typed). `timeout`: --timeout MS, when given.
   */
  | ({ kind: "descriptions"; sku: string | undefined; timeout: number | undefined } & ({ serve: string; stdio?: undefined } | { serve?: undefined; stdio: string }) &
      Common)
  /** `descriptions --base REV [--head REV]`: each description's size and tokens since REV. `head` undefined: the working tree. */
  | ({ kind: "descriptionsDelta"; base: string; head: string | undefined } & Common);

const OPTIONS = {
  config: { type: "string", short: "c" },
  format: { type: "string", short: "f" },
  output: { type: "string", short: "o" },
  quiet: { type: "boolean", short: "q" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
  write: { type: "boolean" },
  raise: { type: "boolean" },
  base: { type: "string" },
  head: { type: "string" },
  serve: { type: "string" },
  descriptions: { type: "boolean" },
  stdio: { type: "string" },
  timeout: { type: "string" },
  sku: { type: "string" },
  jobs: { type: "string", short: "j" },
  cache: { type: "boolean" },
  "no-cache": { type: "boolean" },
  "cache-location": { type: "string" },
  shard: { type: "string" },
} as const;

type OptionName = keyof typeof OPTIONS;

const COMMANDS = ["check", "roster", "floors", "trace", "dropcheck", "descriptions", "witness", "routes", "merge"] as const;

/** The commands that census the working tree and so read and write the fact cache and may use every core. */
const CENSUS_COMMANDS: readonly (typeof COMMANDS)[number][] = ["check", "roster", "floors", "trace"];

const STDIO_SYNOPSIS = 'payload-census descriptions --stdio "CMD ARGS" [--timeout MS] [--sku NAME] [DIR]';

/** Flags that belong to some commands: given to another, they would be silently ignored, so they are refused. */
const OWNED: Partial<Record<OptionName, { command: (typeof COMMANDS)[number] | readonly (typeof COMMANDS)[number][]; synopsis: string }>> = {
  write: { command: "roster", synopsis: "payload-census roster --write [DIR]" },
  raise: { command: "floors", synopsis: "payload-census floors --raise [DIR]" },
  base: { command: ["dropcheck", "descriptions"], synopsis: "payload-census dropcheck --base REV [--head REV] [TOOL...] or payload-census descriptions --base REV [--head REV]" },
  head: { command: ["dropcheck", "descriptions"], synopsis: "payload-census dropcheck --base REV [--head REV] [TOOL...] or payload-census descriptions --base REV [--head REV]" },
  serve: { command: "descriptions", synopsis: "payload-census descriptions --serve MODULE [--sku NAME] [DIR]" },
  descriptions: { command: "check", synopsis: "payload-census check --descriptions [DIR]" },
  sku: { command: "descriptions", synopsis: "payload-census descriptions --serve MODULE [--sku NAME] [DIR]" },
  stdio: { command: "descriptions", synopsis: STDIO_SYNOPSIS },
  timeout: { command: "descriptions", synopsis: 'payload-census descriptions --serve MODULE | --stdio "CMD ARGS" [--timeout MS] [DIR]' },
  shard: { command: "check", synopsis: "payload-census check --shard I/N [--output FILE] [DIR]" },
};

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

  // A string flag's value: the loop above refused one given without a value, so it is a string or absent.
  const text = (name: OptionName): string | undefined => values[name] as string | undefined;

  const word = COMMANDS.find((c) => c === positionals[0]);
  const rest = word === undefined ? positionals : positionals.slice(1);
  const kind = word ?? "check";

  const format = text("format") ?? "text";
  if (!isFormat(format)) {
    throw new UsageError(`unknown format "${format}": use ${FORMATS.map((f) => `--format ${f}`).join(" or ")}`);
  }
  // SARIF, workflow commands and the job summary describe findings: only the census's check report has them. The
  // delta of descriptions since a revision has a table of its own for a pull request.
  const deltaMarkdown = format === "markdown" && kind === "descriptions" && values.base !== undefined;
  if ((format === "sarif" || format === "github" || format === "markdown") && kind !== "check" && kind !== "merge" && !deltaMarkdown) {
    throw new UsageError(`--format ${format} is the check report's: use --format text or --format json with ${kind}`);
  }
  if (values.cache === true && values["no-cache"] === true) throw new UsageError("--cache and --no-cache contradict each other: give one of them");
  const common: Common = {
    configFile: text("config"),
    dir: undefined,
    format,
    output: text("output"),
    quiet: values.quiet === true,
    jobs: jobsValue(text("jobs")),
    cache: values.cache === true ? true : values["no-cache"] === true ? false : undefined,
    cacheLocation: text("cache-location"),
  };

  for (const [name, owner] of Object.entries(OWNED)) {
    const owners: readonly string[] = typeof owner.command === "string" ? [owner.command] : owner.command;
    if (values[name] !== undefined && !owners.includes(kind)) throw new UsageError(`--${name} belongs to ${owners.join(" and ")}: ${owner.synopsis}`);
  }
  if (!CENSUS_COMMANDS.includes(kind)) {
    const given = (["jobs", "cache", "no-cache", "cache-location"] as const).find((name) => values[name] !== undefined);
    if (given !== undefined) throw new UsageError(`--${given} applies to the commands that census the tree (${CENSUS_COMMANDS.join(", ")}), not to ${kind}`);
  }
  if (common.cache === false && common.cacheLocation !== undefined) {
    throw new UsageError("--cache-location says where the cache is and --no-cache turns it off: give one of them");
  }

  switch (kind) {
    case "check": {
      const shard = shardValue(text("shard"));
      if (shard !== undefined) {
        // A shard's output is the input of merge, not a report: the options that shape a report do not apply.
        if (common.format !== "text") throw new UsageError(`--format does not apply to --shard: a shard writes a partial report for payload-census merge, which takes --format`);
        if (common.quiet || values.descriptions === true) throw new UsageError(`--${common.quiet ? "quiet" : "descriptions"} does not apply to --shard: give it to payload-census merge`);
      }
      return { kind, implicit: word === undefined, allDescriptions: values.descriptions === true, shard, ...common, dir: onlyDir(rest, "payload-census check [DIR]", common) };
    }
    case "merge": {
      if (rest.length === 0) {
        throw new UsageError("merge needs the partial reports of check --shard: type payload-census merge PARTIAL... (e.g. census-1.json census-2.json)");
      }
      return { kind, partials: rest, ...common };
    }
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
    case "witness":
      return { kind, ...common, dir: onlyDir(rest, "payload-census witness [DIR]", common) };
    case "trace": {
      const [location, ...dirs] = rest;
      if (location === undefined) {
        throw new UsageError("trace needs the line of the `if`: type payload-census trace FILE:LINE [DIR], e.g. src/tools/waits.ts:42");
      }
      if (common.quiet) throw new UsageError("--quiet does not apply to trace: its output is the explanation");
      return { kind, ...parseLocation(location), ...common, dir: onlyDir(dirs, "payload-census trace FILE:LINE [DIR]", common) };
    }
    case "routes": {
      const [tool, ...dirs] = rest;
      if (tool === undefined) throw new UsageError("routes needs a tool's name: type payload-census routes TOOL [DIR], e.g. payload-census routes get_wait_stats");
      if (common.quiet) throw new UsageError("--quiet does not apply to routes: its output is the explanation");
      return { kind, tool, ...common, dir: onlyDir(dirs, "payload-census routes TOOL [DIR]", common) };
    }
    case "dropcheck": {
      const base = text("base");
      if (base === undefined) {
        throw new UsageError("dropcheck needs the revision to compare with: type payload-census dropcheck --base REV [--head REV] [TOOL...], e.g. --base main");
      }
      // A tool name never holds a path separator nor is `.`: such a first argument is DIR, every other one a tool.
      const [first, ...others] = rest;
      const dir = first !== undefined && looksLikeDir(first) ? first : undefined;
      const tools = dir === undefined ? rest : others;
      if (dir !== undefined && common.configFile !== undefined) {
        throw new UsageError(`both DIR ("${dir}") and --config name the config: give one of them`);
      }
      const misplaced = tools.find(looksLikeDir);
      if (misplaced !== undefined) {
        throw new UsageError(`"${misplaced}" is not a tool name: DIR comes first, type payload-census dropcheck --base REV [DIR] [TOOL...]`);
      }
      return { kind, base, head: text("head"), tools: [...new Set(tools)], ...common, dir };
    }
    case "descriptions": {
      const serve = text("serve");
      const stdio = text("stdio");
      const base = text("base");
      if (base === undefined && values.head !== undefined) {
        throw new UsageError("--head needs --base: type payload-census descriptions --base REV [--head REV] [DIR], e.g. --base main");
      }
      if (base !== undefined) {
        if (serve !== undefined || stdio !== undefined) {
          throw new UsageError("--base compares two revisions statically, --serve and --stdio a running server: give one of them");
        }
        if (values.sku !== undefined || values.timeout !== undefined) throw new UsageError(`--${values.sku !== undefined ? "sku" : "timeout"} is for a running server (--serve or --stdio), not --base`);
        return { kind: "descriptionsDelta", base, head: text("head"), ...common, dir: onlyDir(rest, "payload-census descriptions --base REV [--head REV] [DIR]", common) };
      }
      const sku = text("sku");
      const timeout = timeoutValue(text("timeout"));
      if (serve !== undefined && stdio !== undefined) {
        throw new UsageError('--serve and --stdio are two ways to run the server: give one of them (--serve MODULE imports it, --stdio "CMD ARGS" starts it)');
      }
      if (stdio !== undefined) {
        return { kind, stdio, sku, timeout, ...common, dir: onlyDir(rest, 'payload-census descriptions --stdio "CMD ARGS" [DIR]', common) };
      }
      if (serve === undefined) {
        throw new UsageError(
          "descriptions needs a revision or a server: type payload-census descriptions --base REV [DIR] for the change since REV, or --serve MODULE [DIR] to measure what a running server serves (it runs MODULE's code; check prints the static table)",
        );
      }
      return { kind, serve, sku, timeout, ...common, dir: onlyDir(rest, "payload-census descriptions --serve MODULE [DIR]", common) };
    }
  }
}

/** --jobs N: whole threads above 0. */
function jobsValue(typed: string | undefined): number | undefined {
  if (typed === undefined) return undefined;
  const n = /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--jobs ${typed}: give a whole number of threads above 0, e.g. --jobs 2 (default: every core)`);
  return n;
}

/** --shard I/N: the I-th of N slices, 1 ≤ I ≤ N. */
function shardValue(typed: string | undefined): Shard | undefined {
  if (typed === undefined) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(typed);
  // Not I/N at all reads as 0/0; 1 ≤ I ≤ N holds N ≥ 1.
  const index = Number(m?.[1] ?? 0);
  const count = Number(m?.[2] ?? 0);
  if (!Number.isSafeInteger(count) || index < 1 || index > count) {
    throw new UsageError(`--shard ${typed}: give I/N with 1 ≤ I ≤ N, e.g. --shard 1/3 for the first of three slices`);
  }
  return { index, count };
}

/** --timeout MS: whole milliseconds above 0. */
function timeoutValue(typed: string | undefined): number | undefined {
  if (typed === undefined) return undefined;
  const ms = /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
  if (!Number.isSafeInteger(ms) || ms < 1) throw new UsageError(`--timeout ${typed}: give whole milliseconds above 0, e.g. --timeout 30000`);
  return ms;
}

/** `.`, `..`, or anything with a path separator: what DIR looks like and a tool name never does. */
function looksLikeDir(argument: string): boolean {
  return argument === "." || argument === ".." || /[\\/]/.test(argument);
}

/**
 * `FILE:LINE`, or `FILE:LINE:COL` as findings print it (the column is ignored: the pass-through is found by the line
 * of its `if`). Split at the last colons so that a Windows drive letter survives.
 */
export function parseLocation(location: string): { file: string; line: number } {
  const m = /^(.+?):(\d+)(?::\d+)?$/.exec(location);
  // Not FILE:LINE at all reads as line 0; a match's file part has a character at least.
  const line = Number(m?.[2] ?? 0);
  if (line < 1) {
    throw new UsageError(
      `"${location}" is not FILE:LINE: type the file and the 1-based line of the \`if\`, e.g. payload-census trace src/tools/waits.ts:42`,
    );
  }
  return { file: m![1]!, line };
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


function example(name: OptionName): string {
  switch (name) {
    case "config":
      return "--config FILE, e.g. --config payload-census.config.json";
    case "format":
      return FORMATS.map((f) => `--format ${f}`).join(" or ");
    case "output":
      return "--output FILE, e.g. --output census.json";
    case "base":
    case "head":
      return `--${name} REV, e.g. --${name} main`;
    case "serve":
      return "--serve MODULE, e.g. --serve dist/server.js";
    case "stdio":
      return '--stdio "CMD ARGS", e.g. --stdio "node dist/server.js"';
    case "timeout":
      return "--timeout MS, e.g. --timeout 30000";
    case "sku":
      return "--sku NAME, a SKU of the config";
    case "jobs":
      return "--jobs N, e.g. --jobs 2";
    case "cache-location":
      return "--cache-location DIR, e.g. --cache-location .cache/payload-census";
    case "shard":
      return "--shard I/N, e.g. --shard 1/3";
    default:
      return `--${name} VALUE`;
  }
}

/** The closest name within two edits, for "did you mean": typos are the usual reason for an unknown flag. */
function nearest(name: string, candidates: readonly string[]): string | undefined {
  return closest(name, candidates, 2);
}

export function suggestCommand(word: string): string | undefined {
  return nearest(word, [...COMMANDS]);
}

/** The name among `names` closest to a mistyped one (within two edits), for "did you mean". */
export function suggestName(word: string, names: readonly string[]): string | undefined {
  return nearest(word, [...names]);
}

