// A Markdown job summary ($GITHUB_STEP_SUMMARY): counts against floors per SKU, findings by rule, the description table.
import { compareText, RULE_IDS, type Counts, type DescriptionRow, type Report } from "../../src/model.js";
import { docsUrl } from "../../src/ruleDescriptions.js";

/** How many description rows the summary shows; the rest are counted. */
const TOP_DESCRIPTIONS = 20;

/** The marks that can start emphasis, code, a link, an image, a table cell, math, a mention or an autolink (`https:`). */
const MARKDOWN_MARKS = new Set(["\\", "`", "*", "_", "{", "}", "[", "]", "(", ")", "#", "!", "|", "~", ":", "@", "$"]);

/**
 * Text from the analysed repository as Markdown that reads as itself: every mark that means something to GitHub's
 * Markdown is escaped (no emphasis, link, table cell, heading, math or autolink can come of it), `<`, `>` and `&`
 * become entities (no HTML), and line breaks become spaces (a table row stays one row).
 */
export function escapeMarkdown(text: string): string {
  let out = "";
  for (const char of text.replace(/\r\n?|\n/g, " ")) {
    if (char === "<") out += "&lt;";
    else if (char === ">") out += "&gt;";
    else if (char === "&") out += "&amp;";
    else if (MARKDOWN_MARKS.has(char)) out += `\\${char}`;
    else out += char;
  }
  return out;
}

export function markdown(report: Report): string {
  const lines: string[] = ["## payload-census", ""];
  const count = report.findings.length;
  const floorsHeld = report.floors.every((f) => f.ok);
  const stale = report.counts.bareSentences.stale + report.counts.bareSentences.unrostered;
  lines.push(
    `**${count === 0 ? "✓ clean" : `✗ ${count} finding${count === 1 ? "" : "s"}`}** · ${report.floors.length === 0 ? "no floors" : floorsHeld ? "floors held" : "floors broken"} · ${stale === 0 ? "roster exact" : "roster off"}`,
    "",
  );

  lines.push("### Counts", "", "| SKU | tools | files | modules | pass-throughs | unshared | bare sentences | unrostered | hand-built | parse errors |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const sku of report.skus) lines.push(countRow(escapeMarkdown(sku.name), sku.counts));
  if (report.skus.length > 1) lines.push(countRow("**all**", report.counts));
  lines.push("");

  if (report.floors.length > 0) {
    lines.push("### Floors", "", "| count | floor | actual | |", "|---|---:|---:|---|");
    for (const f of report.floors) lines.push(`| \`${f.count}\` | ${f.floor} | ${f.actual} | ${f.ok ? "✓" : "✗ below"} |`);
    lines.push("");
  }

  if (count > 0) {
    lines.push("### Findings", "");
    for (const rule of RULE_IDS) {
      const findings = report.findings.filter((f) => f.rule === rule);
      if (findings.length === 0) continue;
      lines.push(`#### [${rule}](${docsUrl(rule)}) (${findings.length})`, "", "| where | tool | message |", "|---|---|---|");
      for (const f of findings) {
        lines.push(`| ${escapeMarkdown(`${f.file}:${f.line}:${f.column}`)} | ${f.tool === null ? "" : escapeMarkdown(f.tool)} | ${escapeMarkdown(f.message)} |`);
      }
      lines.push("");
    }
  }

  if (report.descriptions.length > 0) {
    const rows = [...report.descriptions].sort((a, b) => (b.served ?? -1) - (a.served ?? -1) || compareText(a.sku, b.sku) || compareText(a.tool, b.tool));
    lines.push("### Descriptions, largest first", "", "| SKU | tool | served | tokens | entry tokens | tail | cap |", "|---|---|---:|---:|---:|---:|---:|");
    for (const d of rows.slice(0, TOP_DESCRIPTIONS)) lines.push(descriptionRow(d));
    if (rows.length > TOP_DESCRIPTIONS) lines.push("", `… and ${rows.length - TOP_DESCRIPTIONS} more.`);
    lines.push("");
  }
  return `${lines.join("\n")}`;
}

function countRow(name: string, c: Counts): string {
  return `| ${name} | ${c.tools} | ${c.files} | ${c.modules} | ${c.passThroughs.total} | ${c.passThroughs.unshared} | ${c.bareSentences.total} | ${c.bareSentences.unrostered} | ${c.handBuilt} | ${c.parseErrors} |`;
}

function descriptionRow(d: DescriptionRow): string {
  const served = d.served === null ? "?" : d.served > d.cap ? `**${d.served}** ✗` : String(d.served);
  const count = (n: number | null): string => (n === null ? "?" : String(n));
  return `| ${escapeMarkdown(d.sku)} | ${escapeMarkdown(d.tool)} | ${served} | ${count(d.tokens)} | ${count(d.entryTokens)} | ${d.tail === null ? "–" : d.tail} | ${d.cap} |`;
}
