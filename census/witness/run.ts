// payload-census witness (SPEC §6): each check's canonical mutation applied in memory to a real site, and the census re-run.
import type { ResolvedConfig } from "../../src/config/types.js";
import { RULE_IDS, type Finding, type RuleId } from "../../src/model.js";
import { analyzeSku } from "../../src/project/analyzeSku.js";
import { extractingStore, runCensus } from "../../src/project/census.js";
import { SkuContext } from "../../src/project/context.js";
import type { FactStore } from "../../src/project/factStore.js";
import { slashRelative } from "../../src/paths.js";
import { readFileSync } from "node:fs";
import { sitesOf, type Mutation } from "./sites.js";

export interface WitnessRow {
  rule: RuleId;
  /** witnessed: the mutation made the check fire; dark: it did not; no-site: the monitor offers nothing to mutate. */
  status: "witnessed" | "dark" | "no-site";
  /** The mutation, in words; for no-site, why there is none. */
  change: string;
  /** Where the check fired (relative to the config's folder), when it did. */
  firedAt: { file: string; line: number; column: number } | null;
}

export interface WitnessReport {
  schemaVersion: 1;
  ok: boolean;
  checks: WitnessRow[];
}

/** Witnesses every check on the monitor `config` describes. Reads its files; never writes one. */
export function runWitness(config: ResolvedConfig): WitnessReport {
  const store = extractingStore(config);
  const views = config.skus.map((sku) => {
    const ctx = new SkuContext(config, sku, store);
    return { ctx, analysis: analyzeSku(ctx) };
  });
  const baseline = runCensus(config, { store }).report.findings;
  const rows = sitesOf(config, views).map((site): WitnessRow => {
    if (!("file" in site)) return { rule: site.rule, status: "no-site", change: site.why, firedAt: null };
    const fired = firedBy(site, config, store, baseline);
    return { rule: site.rule, status: fired ? "witnessed" : "dark", change: site.what, firedAt: fired };
  });
  // Every check of the contract is witnessed or said to be without a site; a check this list forgot is dark.
  for (const rule of RULE_IDS) {
    if (!rows.some((r) => r.rule === rule)) rows.push({ rule, status: "dark", change: "the witness has no mutation for this check", firedAt: null });
  }
  rows.sort((a, b) => RULE_IDS.indexOf(a.rule) - RULE_IDS.indexOf(b.rule));
  return { schemaVersion: 1, ok: rows.every((r) => r.status === "witnessed"), checks: rows };
}

/** The census of the mutated tree: where the mutation's check fired anew, or null. The store is left as it was. */
function firedBy(mutation: Mutation, config: ResolvedConfig, store: FactStore, baseline: readonly Finding[]): WitnessRow["firedAt"] {
  const original = mutation.text === null ? undefined : readFileSync(mutation.file, "utf8");
  if (mutation.text !== null) store.setText(mutation.file, mutation.text);
  try {
    const findings = runCensus(mutation.config ?? config, { store }).report.findings;
    const before = new Set(baseline.map(key));
    const fresh = findings.filter((f) => f.rule === mutation.rule && !before.has(key(f)));
    const rel = slashRelative(config.dir, mutation.file);
    const found = fresh.find((f) => f.file === rel) ?? fresh[0];
    return found ? { file: found.file, line: found.line, column: found.column } : null;
  } finally {
    if (original !== undefined) store.setText(mutation.file, original);
  }
}

function key(f: Finding): string {
  return `${f.rule}\u0000${f.file}\u0000${f.line}\u0000${f.column}\u0000${f.message}`;
}

/** The witness for people: one line per check, then the verdict. */
export function formatWitness(report: WitnessReport, configShown: string): string {
  const width = Math.max(...report.checks.map((r) => r.rule.length));
  const lines = [`witness: ${report.checks.length} checks on ${configShown}`];
  for (const r of report.checks) {
    const name = r.rule.padEnd(width);
    if (r.status === "witnessed") lines.push(`  ✓ ${name}  witnessed: fired at ${r.firedAt!.file}:${r.firedAt!.line} (${r.change})`);
    else if (r.status === "dark") lines.push(`  ✗ ${name}  DARK: did not fire (${r.change})`);
    else lines.push(`  ✗ ${name}  no site to witness on: ${r.change}`);
  }
  const dark = report.checks.filter((r) => r.status === "dark").length;
  const none = report.checks.filter((r) => r.status === "no-site").length;
  if (report.ok) lines.push(`✓ every check witnessed: each fires on a real site of this monitor`);
  else lines.push(`✗ ${[dark > 0 ? `${dark} dark` : "", none > 0 ? `${none} without a site` : ""].filter(Boolean).join(", ")}: a check that cannot fire here cannot be trusted to`);
  return `${lines.join("\n")}\n`;
}
