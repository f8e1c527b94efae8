// parse-error: a file in scope that does not parse (or cannot be read) contributes one finding and no other facts.
import type { Counts } from "../../model.js";
import type { SkuContext } from "../context.js";
import { messages, type ReportFinding } from "../messages.js";

/** Reports and counts each of `files` (absolute) that does not parse; returns those files. */
export function checkParseErrors(ctx: SkuContext, files: string[], counts: Counts, report: ReportFinding): string[] {
  const unparsed: string[] = [];
  for (const file of files) {
    const stored = ctx.store.get(file);
    const first = stored.facts?.parseErrors[0];
    if (stored.facts && !first) continue;
    unparsed.push(file);
    counts.parseErrors++;
    const rel = ctx.rel(file);
    const message = !first
      ? messages.unreadable(rel, stored.readError ?? "unknown error")
      : first.tooDeep
        ? messages.parseTooDeep(rel, first.message)
        : messages.parseError(rel, first.message);
    report(message, file, first?.loc ?? { line: 1, column: 1 }, first?.end, null);
  }
  return unparsed;
}
