// Temporary copies of monitors for the properties: made in a chosen file order, read back, removed after each test file.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config/load.js";
import { runCensus } from "../../src/project/census.js";
import type { Report } from "../../src/model.js";
import { removeAfterFile } from "../tempFolders.js";

export function tempDir(prefix: string): string {
  return removeAfterFile(mkdtempSync(path.join(tmpdir(), `payload-census-${prefix}-`)));
}

/** Every file under `dir`, relative with `/` separators, sorted. */
export function filesOf(dir: string, under = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...filesOf(dir, rel));
    else out.push(rel);
  }
  return out.sort();
}

export type Tree = Map<string, string>;

export function readTree(dir: string): Tree {
  return new Map(filesOf(dir).map((f) => [f, readFileSync(path.join(dir, f), "utf8")]));
}

/** Writes `tree` into `dir` (made if missing), creating files and their folders in the order `order` gives. */
export function writeTree(dir: string, tree: Tree, order: (files: string[]) => string[] = (f) => f): void {
  for (const file of order([...tree.keys()])) {
    const target = path.join(dir, ...file.split("/"));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, tree.get(file)!);
  }
}

export interface ComparableFinding {
  rule: string;
  file: string;
  line: number;
  column: number;
  tool: string | null;
  message: string;
}

/** The census of the monitor in `dir`, in process, as comparable findings. */
export function findingsOf(dir: string): ComparableFinding[] {
  return censusOf(dir).findings;
}

/** The census's findings, and what of its report holds no position: counts per SKU and the description table. */
export function censusOf(dir: string): { findings: ComparableFinding[]; counts: unknown } {
  const { report } = runCensus(loadConfig({ dir }));
  return {
    findings: report.findings.map(({ rule, file, line, column, tool, message }) => ({ rule, file, line, column, tool, message })),
    counts: { counts: report.counts, skus: report.skus, descriptions: report.descriptions.map(positionFree) },
  };
}

/**
 * A description row without what holds a position or a name: the reasons why routes or an entry cannot be seen name
 * lines and variables, which rewrites move and rename (whether each is unseen stays, and the estimate itself).
 */
function positionFree(row: Report["descriptions"][number]): unknown {
  const { entryUnknown, routesUnseen, ...rest } = row;
  return { ...rest, entryUnknown: entryUnknown !== undefined && entryUnknown !== null, routesUnseen: routesUnseen !== undefined };
}
