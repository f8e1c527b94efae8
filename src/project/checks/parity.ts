// parity-pin: each fragment pinned as shared occurs byte for byte in every SKU's instructions (SPEC §2).
import type { Loc } from "../../facts/types.js";
import type { SkuContext } from "../context.js";
import { messages, type ReportFinding } from "../messages.js";

/** Each parity pin must occur, byte for byte, in one of the exported strings of the SKU's instructions module. */
export function checkParity(ctx: SkuContext, report: ReportFinding): void {
  const { config, sku } = ctx;
  if (config.parity.length === 0) return;
  if (!sku.instructions) {
    const skuIndex = config.skus.indexOf(sku);
    const at = config.positionOf(["skus", skuIndex]) ?? { line: 1, column: 1 };
    for (const pin of config.parity) {
      report(messages.parityNoInstructions(pin.name, sku.name), config.configFile, at, undefined, null);
    }
    return;
  }
  const file = sku.instructions;
  const facts = ctx.facts(file);
  if (!facts) return; // its parse error says why
  const texts: string[] = [];
  const unseen: string[] = [];
  let home: Loc | undefined;
  for (const e of facts.exports) {
    if ("star" in e) {
      unseen.push(`\`export * from "${e.star}"\`: the census does not read instructions through \`export *\``);
      continue;
    }
    // Follow re-exports to the module that declares the text.
    const followed = ctx.graph.followExport(file, e.name);
    if (!followed.ok) {
      unseen.push(`\`${e.name}\`: ${followed.why}`);
      continue;
    }
    const declaring = ctx.facts(followed.file);
    const value = declaring && Object.hasOwn(declaring.constants, followed.local) ? declaring.constants[followed.local] : undefined;
    if (followed.file === file) home ??= facts.declarations[followed.local] ?? facts.functions[followed.local]?.loc;
    if (!value || value.k !== "string") {
      const what = declaring?.functions[followed.local] ? "a function" : "not a constant string";
      unseen.push(`\`${e.name}\` is ${what}`);
      continue;
    }
    const resolved = ctx.resolveStr(followed.file, value.expr);
    if (resolved.known) texts.push(resolved.value);
    else unseen.push(`\`${e.name}\`: ${resolved.why}`);
  }
  const at = home ?? { line: 1, column: 1 };
  for (const pin of config.parity) {
    if (texts.some((t) => t.includes(pin.text))) continue;
    const message =
      unseen.length > 0
        ? messages.parityUnknown(pin.name, sku.name, unseen.join("; "))
        : messages.parityDiffers(pin.name, sku.name, whereItDiffers(pin.text, texts));
    report(message, file, at, undefined, null);
  }
}

/**
 * Where the instructions stop matching the pin: the longest start of the pin they contain, and what follows it on
 * each side (a prefix that occurs implies every shorter one does, so the length is found by halving).
 */
export function whereItDiffers(pin: string, texts: string[]): string {
  const occurs = (n: number): number => texts.findIndex((t) => t.includes(pin.slice(0, n)));
  let lo = 0;
  let hi = pin.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (occurs(mid) >= 0) lo = mid;
    else hi = mid - 1;
  }
  if (lo === 0) return "no part of its start is there";
  const text = texts[occurs(lo)]!;
  const at = text.indexOf(pin.slice(0, lo)) + lo;
  const show = (s: string) => JSON.stringify(s.slice(0, 12));
  return `the first ${lo} characters match, then the pin has ${show(pin.slice(lo))} where the instructions have ${show(text.slice(at))}`;
}
