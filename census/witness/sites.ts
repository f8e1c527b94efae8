// The witness's mutations (SPEC §6): for each check, a real site of the user's monitor and the canonical change that must make it fire.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../../src/config/types.js";
import type { RuleId } from "../../src/model.js";
import type { SkuAnalysis } from "../../src/project/analyzeSku.js";
import type { SkuContext } from "../../src/project/context.js";
import { slashRelative } from "../../src/paths.js";
import { parseSource, ts } from "../../src/ts.js";
import { pushChildren } from "../../src/facts/walk.js";

/** One change to one file's text, in memory, and what it must make the census report. */
export interface Mutation {
  rule: RuleId;
  /** Absolute path of the file whose text changes, and its new text (null: the change is to the config alone). */
  file: string;
  text: string | null;
  /** What the change is, in words (for the report). */
  what: string;
  /** The config the mutated census runs with, when the change is to the config rather than to a file. */
  config?: ResolvedConfig;
}

/** A check the witness cannot exercise on this monitor, and why. */
export interface NoSite {
  rule: RuleId;
  why: string;
}

/** What the witness needs of one SKU: its context and analysis (taken from a census of the unchanged tree). */
export interface SkuView {
  ctx: SkuContext;
  analysis: SkuAnalysis;
}

type Site = Mutation | NoSite;

/** Reads a file's text as the census does (a file it cannot read offers no site). */
function textOf(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** The offset of a 1-based line and column (UTF-16 code units) in `text`, lines broken where the census breaks them. */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = nextLineStart(text, offset);
    if (next < 0) return text.length;
    offset = next;
  }
  // A BOM is not a column: positions count from after it.
  return offset + column - 1 + (line === 1 && text.charCodeAt(0) === 0xfeff ? 1 : 0);
}

/**
 * Where the line after the one holding `from` starts, or -1 on the last line. A line ends where TypeScript ends one
 * (the census's lines are its lines): at \n, \r\n, a lone \r, U+2028 or U+2029.
 */
function nextLineStart(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x2028 || c === 0x2029) return i + 1;
    if (c === 0x0d) return text.charCodeAt(i + 1) === 0x0a ? i + 2 : i + 1;
  }
  return -1;
}

function insertAt(text: string, offset: number, insertion: string): string {
  return text.slice(0, offset) + insertion + text.slice(offset);
}

/**
 * `text` with every occurrence of `phrase` between `start` and `end` (a description's literal) broken by a character
 * the phrase does not hold: slipped in after an occurrence's first character, or put in place of a phrase of one
 * character. Undefined when the phrase is not written there.
 */
export function withoutPhrase(text: string, start: number, end: number, phrase: string): string | undefined {
  const mark = ["~", "^", "|"].find((c) => !phrase.includes(c));
  let literal = text.slice(start, end);
  if (mark === undefined || !literal.includes(phrase)) return undefined;
  for (let at = literal.indexOf(phrase); at >= 0; at = literal.indexOf(phrase)) {
    literal = phrase.length === 1 ? literal.slice(0, at) + mark + literal.slice(at + 1) : insertAt(literal, at + 1, mark);
  }
  return text.slice(0, start) + literal + text.slice(end);
}

/**
 * Where the pinned fragment `pin` starts inside a string literal or a template's text of the file (the offset of the
 * first character of `probe`, its first words), or -1: never in a comment or in code, where a change would not reach
 * the text the census reads. Of the literals that hold `probe`, the one whose text goes on as the pin does the
 * furthest (the fragment may be joined from several literals), the first of those in the file.
 */
function fragmentOffset(sourceFile: ts.SourceFile, text: string, pin: string, probe: string): number {
  let best = { at: -1, carried: 0 };
  // Depth-first in source order, with a stack of its own: an instructions module nests as deep as it likes.
  const pending: ts.Node[] = [sourceFile];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (ts.isStringLiteral(node) || ts.isTemplateLiteralToken(node)) {
      const start = node.getStart(sourceFile);
      // The literal's first character is its quote (or the `}` that resumes a template), never part of its text.
      const at = text.slice(start, node.getEnd()).indexOf(probe, 1);
      const from = node.text.indexOf(probe);
      if (at > 0 && from >= 0) {
        const carried = commonPrefix(node.text.slice(from), pin);
        if (carried > best.carried) best = { at: start + at, carried };
      }
      continue;
    }
    pushChildren(node, pending);
  }
  return best.at;
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** The function (declaration, or `const f = …` arrow/function expression) named `name` at the top of a file. */
function topLevelFunction(sourceFile: ts.SourceFile, name: string): ts.FunctionLikeDeclaration | undefined {
  for (const s of sourceFile.statements) {
    if (ts.isFunctionDeclaration(s) && s.name?.text === name && s.body) return s;
    if (!ts.isVariableStatement(s)) continue;
    for (const d of s.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || d.name.text !== name || !d.initializer) continue;
      const init = d.initializer;
      if ((ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && init.body) return init;
    }
  }
  return undefined;
}

/** `text` with `statement` as the first statement of the function's body (an expression body becomes a block). */
function prependToBody(text: string, fn: ts.FunctionLikeDeclaration, statement: string): string {
  const body = fn.body!;
  if (ts.isBlock(body)) return insertAt(text, body.getStart() + 1, `\n${statement}\n`);
  const start = body.getStart();
  const end = body.getEnd();
  return `${text.slice(0, start)}{\n${statement}\nreturn (${text.slice(start, end)});\n}${text.slice(end)}`;
}

/** A relative module specifier from one file to another (`.ts` written `.js`, as NodeNext imports are). */
function specifier(from: string, to: string): string {
  const relative = slashRelative(path.dirname(from), to);
  const ext = path.extname(relative);
  const js = ext === ".ts" || ext === ".tsx" ? `${relative.slice(0, -ext.length)}.js` : ext === ".mts" ? `${relative.slice(0, -4)}.mjs` : relative;
  return js.startsWith(".") ? js : `./${js}`;
}

/** The word split across a line, as the seeds split it: `"er" +\n "ror"`. */
function splitWord(word: string): string {
  const half = Math.max(1, Math.floor(word.length / 2));
  return `${JSON.stringify(word.slice(0, half))} +\n    ${JSON.stringify(word.slice(half))}`;
}

/** Every check's site and mutation, from the first SKU that has one. */
export function sitesOf(config: ResolvedConfig, views: readonly SkuView[]): Site[] {
  const { contract } = config;
  const first = <T>(pick: (view: SkuView) => T | undefined): T | undefined => {
    for (const view of views) {
      const found = pick(view);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const sites: Site[] = [];
  const add = (rule: RuleId, site: Omit<Mutation, "rule"> | undefined, why: string): void => {
    sites.push(site ? { rule, ...site } : { rule, why });
  };

  // pass-through-producer: the variable reassigned from a local helper just before the guard.
  add(
    "pass-through-producer",
    first(({ analysis }) => {
      const p = analysis.passThroughs.find((x) => x.ok);
      const text = p && textOf(p.file);
      if (!p || text === undefined) return undefined;
      const at = offsetOf(text, p.fact.loc.line, p.fact.loc.column);
      const mutated = `${insertAt(text, at, `${p.fact.root} = witnessLocalHelper();\n`)}\nfunction witnessLocalHelper(): any {\n  return "witness";\n}\n`;
      return { file: p.file, text: mutated, what: `\`${p.fact.root}\` reassigned from a local helper before the guard at line ${p.fact.loc.line}` };
    }),
    "the census finds no guarded pass-through that passes",
  );

  // bare-sentence-roster: a rostered bare sentence edited.
  add(
    "bare-sentence-roster",
    first(({ analysis }) => {
      const s = analysis.bareSentences.find((b) => b.tool !== null);
      const text = s && textOf(s.file);
      if (!s || text === undefined) return undefined;
      const at = offsetOf(text, s.loc.line, s.loc.column);
      const quote = text[at];
      if (quote !== '"' && quote !== "'" && quote !== "`") return undefined;
      return { file: s.file, text: insertAt(text, at + 1, "Witness: "), what: `the bare sentence at line ${s.loc.line} edited` };
    }),
    "no tool returns a bare sentence written as a literal",
  );

  // hand-built-status: a status(<failure word>, …) split across a line, in a tool file.
  add(
    "hand-built-status",
    first(({ ctx }) => {
      const file = ctx.sku.toolFiles.find((f) => ctx.facts(f));
      const text = file && textOf(file);
      if (!file || text === undefined) return undefined;
      const helper = specifier(file, ctx.sku.helpers);
      const mutated =
        `${text}\nimport { ${contract.builder} as witnessBuilder } from ${JSON.stringify(helper)};\n` +
        `export function witnessHandBuilt(): unknown {\n  return witnessBuilder(\n    ${splitWord(contract.words.failure)},\n    "witness",\n  );\n}\n`;
      return { file, text: mutated, what: `a hand-built ${contract.builder}(${JSON.stringify(contract.words.failure)}, …) split across a line` };
    }),
    "the SKU has no tool file",
  );

  // one-failure-producer / one-refusal-producer: the word built a second time inside its producer.
  for (const [rule, fn, word] of [
    ["one-failure-producer", contract.failure, contract.words.failure],
    ["one-refusal-producer", contract.refusal, contract.words.refusal],
  ] as const) {
    add(
      rule,
      first(({ ctx }) => {
        const text = textOf(ctx.sku.helpers);
        if (text === undefined) return undefined;
        const found = topLevelFunction(parseSource(ctx.sku.helpers, text), fn);
        if (!found) return undefined;
        const statement = `  if (Math.random() < 0) ${contract.builder}(${JSON.stringify(word)}, "witness");`;
        return { file: ctx.sku.helpers, text: prependToBody(text, found, statement), what: `${fn} builds ${JSON.stringify(word)} a second time` };
      }),
      `the helpers module declares no function ${fn}`,
    );
  }

  // validator-builds-refusal: a validator that returns a bare sentence.
  add(
    "validator-builds-refusal",
    first(({ ctx }) => {
      for (const producer of ctx.sku.producers) {
        if (producer.category !== "validator") continue;
        const facts = ctx.facts(producer.module);
        const text = textOf(producer.module);
        if (!facts || text === undefined) continue;
        for (const entry of facts.exports) {
          if (!("local" in entry)) continue;
          const followed = ctx.graph.followExport(producer.module, entry.name);
          if (!followed.ok || followed.file !== producer.module || ctx.producerOf(followed)?.category !== "validator") continue;
          const found = topLevelFunction(parseSource(producer.module, text), followed.local);
          if (!found) continue;
          const mutated = prependToBody(text, found, '  if (Math.random() < 0) return "Witness: a bare sentence.";');
          return { file: producer.module, text: mutated, what: `validator ${entry.name} returns a bare sentence` };
        }
      }
      return undefined;
    }),
    "no validator is declared in a validator module",
  );

  // floor: a floor raised one above its count (the config, in memory).
  const floor = config.floors[0];
  add(
    "floor",
    floor
      ? {
          file: config.configFile,
          text: null,
          what: `the floor ${floor.count} raised above today's count`,
          config: { ...config, floors: config.floors.map((f, i) => (i === 0 ? { ...f, floor: Number.MAX_SAFE_INTEGER } : f)) },
        }
      : undefined,
    "no floor is configured",
  );

  // parse-error: a tool file that no longer parses.
  add(
    "parse-error",
    first(({ ctx }) => {
      const file = ctx.sku.toolFiles.find((f) => ctx.facts(f));
      const text = file && textOf(file);
      return file && text !== undefined ? { file, text: `${text}\n)(\n`, what: "a tool file left with a syntax error" } : undefined;
    }),
    "the SKU has no tool file that parses",
  );

  // The description checks: a tool's description, written as a literal, changed in place.
  const description = (edit: (literal: string, at: number, end: number, text: string) => string | undefined, what: string, withoutTail = false) =>
    first(({ analysis }) => {
      for (const tool of analysis.tools.tools) {
        const d = tool.description;
        if (!tool.name || !d?.known || !d.end) continue;
        if (withoutTail && analysis.descriptions.served.some((s) => s.tool === tool.name && s.tail !== null)) continue;
        const text = textOf(d.file);
        if (text === undefined) continue;
        const at = offsetOf(text, d.loc.line, d.loc.column);
        const end = offsetOf(text, d.end.line, d.end.column);
        const quote = text[at];
        if ((quote !== '"' && quote !== "'" && quote !== "`") || text[end - 1] !== quote) continue;
        const mutated = edit(text.slice(at, end), at, end, text);
        if (mutated !== undefined) return { file: d.file, text: mutated, what: `${what} of tool ${tool.name}` };
      }
      return undefined;
    });
  const cap = config.descriptions.cap;
  add(
    "description-budget",
    description((_l, at, _e, text) => insertAt(text, at + 1, "x".repeat(Math.max(...Object.values(config.descriptions.caps), cap) + 1)), "the description pushed over its cap"),
    "no tool's description is written as a literal",
  );
  add(
    "description-pointer",
    description((literal, _a, end, text) => (literal.includes(config.descriptions.pointer) ? undefined : insertAt(text, end - 1, ` ${config.descriptions.pointer}`)), "a pointer sentence with no tail behind it added to the description", true),
    "no tool's description without a tail is written as a literal",
  );
  add("description-issue-ref", description((_l, _a, end, text) => insertAt(text, end - 1, " (see #1234)"), "an issue reference added to the description"), "no tool's description is written as a literal");
  const pins = Object.entries(config.descriptions.pins);
  add(
    "description-pin",
    first(({ analysis }) => {
      for (const [tool, phrases] of pins) {
        const served = analysis.tools.tools.find((t) => t.name === tool);
        const d = served?.description;
        const phrase = phrases[0];
        if (!d?.known || !phrase) continue;
        const text = textOf(d.file);
        if (text === undefined || !d.end) continue;
        const changed = withoutPhrase(text, offsetOf(text, d.loc.line, d.loc.column), offsetOf(text, d.end.line, d.end.column), phrase);
        if (changed === undefined) continue;
        return { file: d.file, text: changed, what: `the pinned phrase ${JSON.stringify(phrase)} of tool ${tool} changed` };
      }
      return undefined;
    }),
    pins.length === 0 ? "no phrase is pinned (descriptions.pins)" : "no pinned phrase is written in place in its tool's description",
  );

  // status-route: a description made to promise a status word its tool can never return.
  const words = [...new Set([config.contract.words.refusal, config.contract.words.failure, ...config.contract.words.other])];
  add(
    "status-route",
    first(({ analysis }) => {
      for (const tool of analysis.tools.tools) {
        const d = tool.description;
        const row = analysis.descriptions.rows.find((r) => r.tool === tool.name);
        if (!tool.name || !d?.known || !d.end || !row || row.routesUnseen !== undefined) continue;
        const word = words.find((w) => !row.routes.includes(w));
        const text = textOf(d.file);
        if (word === undefined || text === undefined) continue;
        const at = offsetOf(text, d.loc.line, d.loc.column);
        const end = offsetOf(text, d.end.line, d.end.column);
        const quote = text[at];
        if ((quote !== '"' && quote !== "'" && quote !== "`") || text[end - 1] !== quote) continue;
        const inner = quote === "'" ? `"${word}"` : `'${word}'`;
        return { file: d.file, text: insertAt(text, end - 1, ` It may answer ${inner}.`), what: `the description of tool ${tool.name} made to name ${JSON.stringify(word)}, which it never returns` };
      }
      return undefined;
    }),
    "no tool's description is written as a literal, with every route of the tool in sight and a configured word it never returns",
  );

  // parity-pin: a shared fragment changed in one SKU's instructions.
  add(
    "parity-pin",
    first(({ ctx }) => {
      const file = ctx.sku.instructions;
      const text = file ? textOf(file) : undefined;
      if (!file || text === undefined) return undefined;
      const sourceFile = parseSource(file, text);
      for (const pin of config.parity) {
        const words = pin.text.split(" ");
        const probe = words.slice(0, Math.min(3, words.length)).join(" ");
        const at = fragmentOffset(sourceFile, text, pin.text, probe);
        if (at >= 0) return { file, text: insertAt(text, at + 1, "~"), what: `the shared fragment "${pin.name}" changed in SKU ${ctx.sku.name}` };
      }
      return undefined;
    }),
    config.parity.length === 0 ? "no fragment is pinned as shared (parity)" : "no SKU's instructions hold a pinned fragment in place",
  );

  // tool-discovery: two tools given one name.
  add(
    "tool-discovery",
    first(({ analysis }) => {
      const named = analysis.tools.tools.filter((t) => t.name !== null);
      const [a, b] = named;
      if (!a || !b) return undefined;
      const text = textOf(b.file);
      if (text === undefined) return undefined;
      const at = offsetOf(text, b.nameLoc.line, b.nameLoc.column);
      const quote = text[at];
      const close = quote ? text.indexOf(quote, at + 1) : -1;
      // A name written as one literal: in quotes or backquotes, with nothing between them but the name itself.
      if ((quote !== '"' && quote !== "'" && quote !== "`") || close < 0 || text.slice(at + 1, close) !== b.name) return undefined;
      const mutated = text.slice(0, at) + JSON.stringify(a.name) + text.slice(close + 1);
      return { file: b.file, text: mutated, what: `tool ${b.name} renamed to ${a.name}, a name another tool has` };
    }),
    "the SKU has no two tools named by string literals",
  );
  return sites;
}
