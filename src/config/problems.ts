// Turns what is wrong with a config or roster file (syntax, schema, meaning) into one ConfigError: a summary line, then one line per problem with its place and JSON path.
import type { ErrorObject } from "ajv";
import { ConfigError } from "../errors.js";
import { closest } from "./didYouMean.js";
import { formatJsonPath, pathFromPointer, type JsonDocument, type JsonPath } from "./jsonDocument.js";
import { slashRelative } from "../paths.js";

export interface Problem {
  path: JsonPath;
  /** What is wrong and what was expected, without the path. */
  message: string;
  /** Given when the path cannot place it: a syntax error, the second of two equal keys. */
  position?: { line: number; column: number };
}

/** A file as the user would recognise it: relative to the working directory, `/` separators. */
export function displayPath(absolute: string): string {
  return slashRelative(process.cwd(), absolute) || ".";
}

/**
 * One error for all problems of one file. Each line reads `file:line:col  json.path: message`, the way findings
 * read, so a terminal can open the place.
 */
export function problemsError(what: string, file: string, doc: JsonDocument, problems: Problem[]): ConfigError {
  const displayFile = displayPath(file);
  // In file order, as a reader fixes them; the sort is stable, so problems at one place keep their order.
  const placed = problems
    .map((p) => ({ p, at: p.position ?? doc.locate(p.path) }))
    .sort((a, b) => (a.at?.line ?? 0) - (b.at?.line ?? 0) || (a.at?.column ?? 0) - (b.at?.column ?? 0));
  const lines = placed.map(({ p, at }) => {
    const place = at === undefined ? displayFile : `${displayFile}:${at.line}:${at.column}`;
    return `  ${place}  ${formatJsonPath(p.path)}: ${p.message}`;
  });
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  const first = placed[0]?.p;
  return new ConfigError(
    [`Invalid ${what} ${displayFile} (${count}):`, ...lines].join("\n"),
    file,
    first === undefined ? undefined : formatJsonPath(first.path),
  );
}

/** Schema violations, in the words of the file's author rather than of the schema. */
export function schemaProblems(errors: readonly ErrorObject[], value: unknown): Problem[] {
  const out: Problem[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    const problem = schemaProblem(e, pathFromPointer(e.instancePath, value));
    const key = `${formatJsonPath(problem.path)}\0${problem.message}`;
    if (!seen.has(key)) out.push(problem);
    seen.add(key);
  }
  return out;
}

function schemaProblem(e: ErrorObject, path: JsonPath): Problem {
  const params = e.params as Record<string, unknown>;
  const properties = (e.parentSchema?.properties ?? {}) as Record<string, { type?: unknown; description?: string }>;
  switch (e.keyword) {
    case "additionalProperties": {
      const key = String(params.additionalProperty);
      const allowed = Object.keys(properties);
      const guess = closest(key, allowed);
      return {
        path: [...path, key],
        message: `unknown key "${key}"${guess === undefined ? "" : ` (did you mean "${guess}"?)`}; allowed keys: ${allowed.join(", ")}`,
      };
    }
    case "required": {
      const key = String(params.missingProperty);
      const type = properties[key]?.type;
      return { path: [...path, key], message: `missing required key${typeof type === "string" ? `; expected ${article(type)}` : ""}` };
    }
    case "type":
      return { path, message: `expected ${typeNames(params.type).join(" or ")}, got ${describeValue(e.data)}` };
    case "enum":
      return { path, message: `expected one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}, got ${JSON.stringify(e.data)}` };
    case "const":
      return { path, message: `expected ${JSON.stringify(params.allowedValue)}, got ${JSON.stringify(e.data)}` };
    case "minItems":
      return { path, message: `expected at least ${String(params.limit)} item${params.limit === 1 ? "" : "s"}, got ${(e.data as unknown[]).length}` };
    case "minLength":
      return { path, message: "expected a non-empty string" };
    case "minimum":
      return { path, message: `expected an integer ≥ ${String(params.limit)}, got ${JSON.stringify(e.data)}` };
    case "uniqueItems":
      return {
        // ajv's j is the later of the two: the copy to remove.
        path: [...path, params.j as number],
        message: `duplicate item ${JSON.stringify((e.data as unknown[])[params.j as number])} (also at index ${String(params.i)}); expected unique items`,
      };
    default:
      return { path, message: e.message ?? `does not satisfy "${e.keyword}"` };
  }
}

function typeNames(type: unknown): string[] {
  return Array.isArray(type) ? type.map(String) : String(type).split(",");
}

function article(type: string): string {
  return type === "array" || type === "object" || type === "integer" ? `an ${type}` : `a ${type}`;
}

/** JSON's own names for a value's type, with the value when it is short enough to help. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "object") return "object";
  const text = JSON.stringify(value);
  return text.length <= 40 ? `${typeof value} ${text}` : typeof value;
}
