// floor: every configured floor holds against the census's total counts (a count below it means a matcher may have gone dark).
import type { ResolvedConfig } from "../../config/types.js";
import { countAt, type Counts, type Finding, type FloorResult } from "../../model.js";
import { projectWideSku } from "../context.js";
import { findingOf, messages } from "../messages.js";

/** One result per configured floor; a finding, at the floor's key in the config file, for each that does not hold. */
export function checkFloors(config: ResolvedConfig, total: Counts, findings: Finding[], rel: (f: string) => string): FloorResult[] {
  const results: FloorResult[] = [];
  for (const { count, floor } of config.floors) {
    const actual = countAt(total, count) ?? 0;
    const ok = actual >= floor;
    results.push({ count, floor, actual, ok });
    if (ok) continue;
    // The finding's home is the floor's key in the config file.
    const at = config.positionOf(["floors", count]) ?? { line: 1, column: 1 };
    findings.push(findingOf(messages.floor(count, actual, floor), rel(config.configFile), at, undefined, projectWideSku(config), null));
  }
  return results;
}
