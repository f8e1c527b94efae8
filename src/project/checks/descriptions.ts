// description-budget, -pointer, -issue-ref and -pin: the served tool descriptions within the tools/list budget (SPEC §2.5).
// Served sizes against caps and the catalog total, the head/tail pointer convention, issue references, pinned phrases.
import type { Loc } from "../../facts/types.js";
import { compareText, type DescriptionRow, type Finding, type ServedDescription } from "../../model.js";
import { projectWideSku, type SkuContext } from "../context.js";
import { findingOf, messages, type Message, type ReportFinding } from "../messages.js";
import type { SkuTools, Tool } from "../tools.js";
import type { TokenCounter } from "../../tokens.js";
import { entryText } from "../entries.js";

export interface SkuDescriptions {
  rows: DescriptionRow[];
  served: ServedDescription[];
  /** Each named tool's description with its row and where its head and tail are written: the homes of their findings. */
  described: DescribedTool[];
}

export interface DescribedTool {
  description: ServedDescription;
  tool: Tool;
  row: DescriptionRow;
  head: { file: string; loc: Loc; end: Loc | null };
  /** The tail's entry in the guide module, when the tool has one. */
  tail: { file: string; loc: Loc; end: Loc } | null;
}

/** The run's token counter, and whether every row carries its counts. */
export interface TokenMeasure {
  counter: TokenCounter;
  rows: boolean;
}

/** A ReportFinding whose home may be unknown: then it is the file's start. */
type ReportAt = (message: Message, file: string, loc: Loc | null, end: Loc | null, tool: string | null) => void;

/**
 * Issue references no reader of a tool list can follow: `#1234` (also in `Closes #12`), `fixes#7`, `owner/repo#12`,
 * `GH-12`. Not `C# 12`, `# Usage` or `&#35;`.
 */
const ISSUE_REFERENCE = /(?<![\w&#])#\d+\b|\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)#\d+\b|\b[\w.-]+\/[\w.-]+#\d+\b|\bGH-\d+\b/gi;

/** The issue references in a served text, in order. */
export function issueReferences(text: string): string[] {
  return [...text.matchAll(ISSUE_REFERENCE)].map((m) => m[0]);
}

/**
 * The SKU's served descriptions and their table rows, with the findings of each against caps, guide, pins and budget.
 * `tokens`: the run's counter, and whether the rows carry counts (a report's do; an editor needs them only for token
 * budgets, and a run that needs none never loads the encoding).
 */
export function checkDescriptions(ctx: SkuContext, tools: SkuTools, reportFinding: ReportFinding, tokens: TokenMeasure): SkuDescriptions {
  const { config, sku } = ctx;
  const report: ReportAt = (message, file, loc, end, tool) => reportFinding(message, file, loc ?? { line: 1, column: 1 }, end ?? undefined, tool);
  const pointer = config.descriptions.pointer;
  const guide = readGuide(ctx, report);
  const tails = guide.tails;
  const guideRel = sku.guide ? ctx.rel(sku.guide) : "the guide module";

  // Each served description with the tool that serves it: where its text is written is the home of its findings.
  const served: { description: ServedDescription; tool: Tool }[] = [];
  // Token counts for the rows (every run that reports them), or only for token budgets when some are configured.
  const budgeted = config.descriptions.tokenCap !== null || config.descriptions.tokenTotal !== null;
  const counter = tokens.rows || budgeted ? tokens.counter : null;
  let unnamedServed = 0;
  let unnamedTokens = 0;
  for (const tool of tools.tools) {
    if (tool.name === null) {
      // Nothing to key a cap, a tail or a pin by (tool-discovery says so); what it serves still counts in the catalog.
      if (tool.description?.known) {
        unnamedServed += tool.description.text.length;
        if (counter) unnamedTokens += counter.count(tool.description.text);
      }
      continue;
    }
    // An unseen description has no size (tool-discovery says why): null, never 0.
    const head = tool.description === null ? "" : tool.description.known ? tool.description.text : null;
    const tail = tails.get(tool.name)?.text ?? null;
    served.push({ description: { sku: sku.name, tool: tool.name, file: ctx.rel(tool.file), head, tail }, tool });
  }

  const rows: DescriptionRow[] = [];
  const described: DescribedTool[] = [];
  const toolNames = new Set(served.map((s) => s.description.tool));
  for (const { description: s, tool } of served) {
    const file = tool.description?.file ?? tool.file;
    const loc = tool.description?.loc ?? tool.loc;
    const end = tool.description?.end ?? null;
    const cap = config.descriptions.caps[s.tool] ?? config.descriptions.cap;
    const row: DescriptionRow = {
      sku: sku.name,
      tool: s.tool,
      served: s.head === null ? null : s.head.length,
      tail: s.tail === null ? null : s.tail.length,
      cap,
      tokens: s.head === null || !counter ? null : counter.count(s.head),
      entryTokens: null,
      // Filled in by the status-route check, which reads the tool's body.
      routes: [],
      unmentioned: [],
    };
    if (tokens.rows) {
      // An unseen description leaves the entry unseen too: it would be counted as if the tool served none.
      const entry =
        s.head === null ? { known: false as const, why: "the census cannot see its description" } : entryText(s.tool, tool.description === null ? null : s.head, tool.input);
      if (entry.known) row.entryTokens = tokens.counter.count(entry.text);
      else row.entryUnknown = entry.why;
    }
    rows.push(row);
    const tail = tails.get(s.tool);
    described.push({ description: s, tool, row, head: { file, loc: loc ?? { line: 1, column: 1 }, end }, tail: tail && sku.guide ? { file: sku.guide, loc: tail.loc, end: tail.end } : null });
    if (s.head === null) continue;
    const size = s.head.length;
    if (size > cap) report(messages.overCap(s.tool, size, cap, pointer), file, loc, end, s.tool);
    const { tokenCap } = config.descriptions;
    if (tokenCap !== null && row.tokens !== null && row.tokens > tokenCap) {
      report(messages.overTokenCap(s.tool, row.tokens, tokenCap, pointer), file, loc, end, s.tool);
    }
    const pointed = s.head.trimEnd().endsWith(pointer);
    if (tails.has(s.tool) && !pointed) report(messages.missingPointer(s.tool, guideRel, pointer), file, loc, end, s.tool);
    if (!tails.has(s.tool) && !guide.unreadable.has(s.tool) && !guide.opaque && pointed) {
      const message = sku.guide ? messages.noTail(s.tool, guideRel, pointer) : messages.noGuide(s.tool, pointer, sku.name);
      report(message, file, loc, end, s.tool);
    }
    for (const ref of issueReferences(s.head)) report(messages.issueRef(s.tool, ref), file, loc, end, s.tool);
    for (const phrase of config.descriptions.pins[s.tool] ?? []) {
      if (!s.head.includes(phrase)) report(messages.pinMissing(s.tool, phrase), file, loc, end, s.tool);
    }
  }
  for (const [key, tail] of tails) {
    if (!toolNames.has(key) && sku.guide) report(messages.staleTail(key, guideRel, sku.name), sku.guide, tail.loc, tail.end, null);
  }

  const { tokenTotal } = config.descriptions;
  if (tokenTotal !== null && counter) {
    const catalog = rows.reduce((n, r) => n + (r.tokens ?? 0), unnamedTokens);
    if (catalog > tokenTotal) {
      const largest = [...rows]
        .sort((a, b) => (b.tokens ?? -1) - (a.tokens ?? -1) || compareText(a.tool, b.tool))
        .slice(0, 3)
        .map((r) => `${r.tool} ${r.tokens}`)
        .join(", ");
      const at = config.positionOf(["descriptions", "tokenTotal"]) ?? { line: 1, column: 1 };
      reportFinding(messages.overTokenTotal(sku.name, catalog, tokenTotal, largest), config.configFile, at, undefined, null);
    }
  }

  const total = rows.reduce((n, r) => n + (r.served ?? 0), unnamedServed);
  const budget = config.descriptions.total;
  if (budget !== null && total > budget) {
    const largest = [...rows]
      .sort((a, b) => (b.served ?? -1) - (a.served ?? -1) || compareText(a.tool, b.tool))
      .slice(0, 3)
      .map((r) => `${r.tool} ${r.served}`)
      .join(", ");
    const at = config.positionOf(["descriptions", "total"]) ?? { line: 1, column: 1 };
    reportFinding(messages.overTotal(sku.name, total, budget, largest), config.configFile, at, undefined, null);
  }

  rows.sort((a, b) => compareText(a.tool, b.tool));
  return { rows, served: served.map((s) => s.description), described };
}

interface Guide {
  tails: Map<string, Tail>;
  /** Tools whose entry is there but cannot be read. */
  unreadable: Set<string>;
  /** No tool can be said to lack an entry: the guide does not parse, or one of its keys cannot be read. */
  opaque: boolean;
}

interface Tail {
  text: string;
  loc: Loc;
  end: Loc;
}

/** The guide module's tails by tool name: every entry of its exported top-level object literals. */
function readGuide(ctx: SkuContext, report: ReportAt): Guide {
  const result: Guide = { tails: new Map(), unreadable: new Set(), opaque: false };
  const { tails, unreadable } = result;
  const guide = ctx.sku.guide;
  if (!guide) return result;
  const facts = ctx.facts(guide);
  if (!facts) {
    // Its parse error says why; no tool may be told the guide has no entry for it.
    result.opaque = true;
    return result;
  }
  const exported = new Set(facts.exports.flatMap((e) => ("local" in e ? [e.local] : [])));
  const guideRel = ctx.rel(guide);
  for (const [name, entries] of Object.entries(facts.objects)) {
    if (!exported.has(name)) continue;
    for (const entry of entries) {
      const key = ctx.resolveStr(guide, entry.key);
      if (!key.known) {
        // Any tool's tail may hide behind an unreadable key.
        report(messages.unknownTail("(a key it cannot read)", guideRel, key.why), guide, entry.loc, entry.end, null);
        result.opaque = true;
        continue;
      }
      const value = ctx.resolveStr(guide, entry.value);
      if (!value.known) {
        report(messages.unknownTail(JSON.stringify(key.value), guideRel, value.why), guide, entry.valueLoc, entry.end, key.value);
        unreadable.add(key.value);
        continue;
      }
      tails.set(key.value, { text: value.value, loc: entry.loc, end: entry.end });
    }
  }
  return result;
}

/** Pins that name a tool no SKU has: reported once, at the pin's key in the config. */
export function checkPinnedTools(ctxs: SkuContext[], served: ServedDescription[]): Finding[] {
  const first = ctxs[0];
  if (!first) return [];
  const config = first.config;
  const names = new Set(served.map((s) => s.tool));
  const findings: Finding[] = [];
  const sku = projectWideSku(config);
  for (const tool of Object.keys(config.descriptions.pins)) {
    if (names.has(tool)) continue;
    const at = config.positionOf(["descriptions", "pins", tool]) ?? { line: 1, column: 1 };
    findings.push(findingOf(messages.pinUnknownTool(tool), first.rel(config.configFile), at, undefined, sku, tool));
  }
  // A cap for a tool no SKU has holds nothing: most likely a misspelt name, leaving the real tool at the default.
  for (const tool of Object.keys(config.descriptions.caps)) {
    if (names.has(tool)) continue;
    const at = config.positionOf(["descriptions", "caps", tool]) ?? { line: 1, column: 1 };
    findings.push(findingOf(messages.capUnknownTool(tool), first.rel(config.configFile), at, undefined, sku, tool));
  }
  return findings;
}
