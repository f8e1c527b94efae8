// Findings before and after a rewrite, compared as multisets once positions and the line numbers in messages are mapped.
import type { Rewritten } from "./rewrites.js";
import { COMMENT, lineColumn, offsetOf } from "./rewrites.js";
import type { ComparableFinding } from "./trees.js";

/**
 * How code quoted in a message (between backticks) is compared: as is; with the rewrite's comments and all whitespace
 * dropped (a quote cut short with `…` as a prefix); or not at all (parentheses, casts and new names change the quote).
 */
export type QuoteRule = "exact" | "canonical" | "ignored";

interface Shape {
  readonly text: string;
  /** Line numbers the message names: "line 12" (in the finding's file) and "src/x.ts:12" or "src/x.ts:12:5". */
  readonly refs: { file: string | undefined; line: number; column: number | undefined }[];
  readonly quotes: string[];
}

function shapeOf(message: string): Shape {
  const refs: Shape["refs"] = [];
  const quotes: string[] = [];
  const text = message
    .replace(/`([^`]*)`/g, (_m, q: string) => {
      quotes.push(q);
      return "`_`";
    })
    .replace(/\bline (\d+)|([\w./-]+\.[cm]?[jt]sx?):(\d+)(?::(\d+))?/g, (_m, n?: string, file?: string, l?: string, c?: string) => {
      if (n !== undefined) {
        refs.push({ file: undefined, line: Number(n), column: undefined });
        return "line #";
      }
      refs.push({ file, line: Number(l), column: c === undefined ? undefined : Number(c) });
      return `${file}:#`;
    });
  return { text, refs, quotes };
}

function canonical(quote: string): { text: string; cut: boolean } {
  const cut = quote.endsWith("…");
  let text = (cut ? quote.slice(0, -1) : quote).split(COMMENT).join("").split("// ~").join("").replace(/\s+/g, "");
  // A cut may fall inside one of the rewrite's comments.
  if (cut) {
    for (const c of [COMMENT, "//~"]) {
      for (let n = c.length - 1; n > 0; n--) {
        if (text.endsWith(c.slice(0, n))) {
          text = text.slice(0, -n);
          break;
        }
      }
    }
  }
  return { text, cut };
}

function sameQuote(a: string, b: string, rule: QuoteRule): boolean {
  if (rule === "ignored") return true;
  if (rule === "exact") return a === b;
  const x = canonical(a);
  const y = canonical(b);
  if (!x.cut && !y.cut) return x.text === y.text;
  // A quote cut short keeps a prefix of the other (the rewrite's comments move where the cut falls).
  const n = Math.min(x.cut ? x.text.length : Infinity, y.cut ? y.text.length : Infinity);
  return x.text.slice(0, n) === y.text.slice(0, n);
}

/** The old file's text and what the rewrite made of it. */
export type FileMaps = ReadonlyMap<string, Rewritten>;

/** Where an old (line, column) may be now: the rewrite's candidates, or itself when the file was not rewritten. */
function positionsOf(maps: FileMaps, file: string, line: number, column: number): string[] {
  const m = maps.get(file);
  if (!m) return [`${line}:${column}`];
  return m.map(offsetOf(m.before, line, column)).map((o) => {
    const p = lineColumn(m.after, o);
    return `${p.line}:${p.column}`;
  });
}

/** The lines an old line's text may be on now (a rewrite may break it). */
function linesOf(maps: FileMaps, file: string, line: number): { first: number; last: number } {
  const m = maps.get(file);
  if (!m) return { first: line, last: line };
  const start = offsetOf(m.before, line, 1);
  const endAt = m.before.indexOf("\n", start);
  const end = endAt < 0 ? m.before.length : endAt;
  let first = Infinity;
  let last = -Infinity;
  for (let o = start; o <= end; o++) {
    for (const n of m.map(o)) {
      const l = lineColumn(m.after, n).line;
      first = Math.min(first, l);
      last = Math.max(last, l);
    }
  }
  return first === Infinity ? { first: line, last: line } : { first, last };
}

function matches(before: ComparableFinding, after: ComparableFinding, maps: FileMaps, rule: QuoteRule): boolean {
  if (before.rule !== after.rule || before.file !== after.file || before.tool !== after.tool) return false;
  if (!positionsOf(maps, before.file, before.line, before.column).includes(`${after.line}:${after.column}`)) return false;
  const a = shapeOf(before.message);
  const b = shapeOf(after.message);
  if (a.text !== b.text || a.refs.length !== b.refs.length || a.quotes.length !== b.quotes.length) return false;
  for (let i = 0; i < a.refs.length; i++) {
    const was = a.refs[i]!;
    const now = b.refs[i]!;
    const file = was.file ?? before.file;
    if (was.column !== undefined && now.column !== undefined) {
      if (!positionsOf(maps, file, was.line, was.column).includes(`${now.line}:${now.column}`)) return false;
    } else {
      const range = linesOf(maps, file, was.line);
      if (now.line < range.first || now.line > range.last) return false;
    }
  }
  return a.quotes.every((q, i) => sameQuote(q, b.quotes[i]!, rule));
}

/** What differs between the two multisets of findings, in words (empty when they agree). */
export function differences(before: ComparableFinding[], after: ComparableFinding[], maps: FileMaps, rule: QuoteRule): string[] {
  const unmatched = [...before];
  const extra: ComparableFinding[] = [];
  for (const f of after) {
    const i = unmatched.findIndex((b) => matches(b, f, maps, rule));
    if (i >= 0) unmatched.splice(i, 1);
    else extra.push(f);
  }
  const show = (f: ComparableFinding): string => `${f.file}:${f.line}:${f.column} ${f.rule} [${f.tool}] ${f.message}`;
  return [...unmatched.map((f) => `lost:   ${show(f)}`), ...extra.map((f) => `gained: ${show(f)}`)];
}
