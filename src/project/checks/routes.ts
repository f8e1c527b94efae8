// status-route: a served description names only status words its tool can return (SPEC §2.6); with descriptions.routes
// "all", it also names every refusal and failure route the tool has.
import type { SkuContext } from "../context.js";
import { messages, type ReportFinding } from "../messages.js";
import { RouteReader, TEXT_ROUTE, type ToolRoutes } from "../routes.js";
import type { SkuDescriptions } from "./descriptions.js";

/**
 * Fills in each description row's routes and the routes its description never names; reports a head or tail naming a
 * configured status word the tool can never return (never when the census cannot see all of its routes), and with
 * `routes: "all"` a refusal or failure route the description never names.
 */
export function checkStatusRoutes(ctx: SkuContext, descriptions: SkuDescriptions, report: ReportFinding): Map<string, ToolRoutes> {
  const reader = new RouteReader(ctx);
  const { contract, descriptions: options } = ctx.config;
  const words = [...new Set([contract.words.refusal, contract.words.failure, ...contract.words.other])];
  const byTool = new Map<string, ToolRoutes>();
  for (const d of descriptions.described) {
    const found = reader.routesOf(d.tool);
    byTool.set(d.description.tool, found);
    const { row } = d;
    row.routes = found.routes;
    if (found.unseen !== null) row.routesUnseen = found.unseen;
    const head = d.description.head;
    const tail = d.description.tail;
    const inHead = namedWords(head ?? "", words);
    const inTail = namedWords(tail ?? "", words);
    row.unmentioned = found.routes.filter((w) => w !== TEXT_ROUTE && !inHead.has(w) && !inTail.has(w));
    // A description the census cannot see names nothing it can check; routes it cannot all see prove no absence.
    if (head === null || found.unseen !== null) continue;
    const tool = d.description.tool;
    const returnable = found.routes.filter((w) => w !== TEXT_ROUTE);
    for (const word of words) {
      if (found.routes.includes(word)) continue;
      if (inHead.has(word)) report(messages.routeUnreturned(tool, "description", word, returnable), d.head.file, d.head.loc, d.head.end ?? undefined, tool);
      if (inTail.has(word) && d.tail) {
        report(messages.routeUnreturned(tool, `reading guide in ${ctx.rel(d.tail.file)}`, word, returnable), d.tail.file, d.tail.loc, d.tail.end, tool);
      }
    }
    if (options.routes !== "all") continue;
    for (const word of [contract.words.refusal, contract.words.failure]) {
      if (!found.routes.includes(word) || inHead.has(word) || inTail.has(word)) continue;
      const site = found.sites.find((s) => s.word === word)!;
      const how = `${site.what} at ${ctx.rel(site.file)}:${site.loc.line}`;
      report(messages.routeUnsaid(tool, word, how), d.head.file, d.head.loc, d.head.end ?? undefined, tool);
    }
  }
  return byTool;
}

/**
 * The configured status words a text names: quoted (`"no_data"`, `'invalid'`, `` `error` ``, “empty”), or as a status
 * (`status: no_data`, `{"status":"invalid"}`). A word in another sense ("an invalid plan", "the error log") is no name.
 * This reads the description's text, not source code.
 */
export function namedWords(text: string, words: readonly string[]): Set<string> {
  const named = new Set<string>();
  for (const word of words) {
    const w = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const quoted = new RegExp(`(["'\`\u201c\u2018])${w}(["'\`\u201d\u2019])|\\bstatus\\W{0,4}${w}\\b`, "i");
    const m = quoted.exec(text);
    if (m && closes(m[1], m[2])) named.add(word);
  }
  return named;
}

/** Whether a quote closes the one that opened (neither is there when the word is named as a status). */
function closes(open: string | undefined, close: string | undefined): boolean {
  return open === close || (open === "\u201c" && close === "\u201d") || (open === "\u2018" && close === "\u2019");
}
