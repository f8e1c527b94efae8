// The CI formats (GitHub workflow commands, the Markdown job summary) and the text report: golden outputs, and text from
// the monitor injects nothing in any of them.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { escapeData, escapeProperty, github } from "../../census/reporters/github.js";
import { escapeMarkdown, markdown } from "../../census/reporters/markdown.js";
import { FORMATS, loadReporters } from "../../census/reporters/index.js";
import { loadConfig } from "../../src/config/load.js";
import type { Report } from "../../src/model.js";
import { runCensus } from "../../src/project/census.js";
import { finding, smallReport } from "./reports.js";

const reporters = await loadReporters();

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures");

/** Text an attacker could put in a sentence, a description or a file name of the analysed repository. */
const HOSTILE = 'x%0A\r\n::add-mask::secret\n::stop-commands::pause\n::error file=a.ts::forged | <script>alert(1)</script> [link](https://evil.example) **bold** @team `code` # heading';

function hostileReport(): Report {
  const report = smallReport();
  report.findings = [finding({ rule: "bare-sentence-roster", file: "src/tools/a,b:c.ts", line: 3, column: 5, tool: "get_x", message: `Tool get_x returns ${HOSTILE}` })];
  report.descriptions = [{ sku: "full", tool: `t|${HOSTILE}`, served: 10, tail: null, cap: 5, tokens: 3, entryTokens: 20, routes: [], unmentioned: [] }];
  return report;
}

describe("github workflow commands", () => {
  it("escape data and properties as the runner unescapes them", () => {
    expect(escapeData("a%b\r\nc")).toBe("a%25b%0D%0Ac");
    expect(escapeProperty("src/a,b:c.ts\n")).toBe("src/a%2Cb%3Ac.ts%0A");
  });

  it("one ::error per finding with file, line, col, end and title, then a plain summary", () => {
    const report = smallReport();
    const out = github(report).split("\n");
    expect(out.filter((l) => l.startsWith("::error ")).length).toBe(report.findings.length);
    expect(out.at(-2)).toBe(`payload-census: ✗ ${report.findings.length} findings`);
  });

  it("a clean report is one summary line", () => {
    const report = smallReport();
    report.findings = [];
    expect(github(report)).toBe("payload-census: ✓ clean\n");
  });
});

describe("text from the monitor injects nothing, in any format", () => {
  it.each(FORMATS)("%s: no line the runner would read as a command but our own ::error", (format) => {
    const out = reporters[format](hostileReport(), { color: false, quiet: false, budget: { total: null, clientLimits: [] }, version: "1.0.0" });
    const commands = out.split(/\r?\n|\r/).filter((line) => line.trimStart().startsWith("::"));
    for (const line of commands) expect(line.startsWith("::error file=src/tools/a%2Cb%3Ac.ts,")).toBe(true);
    expect(commands.length).toBe(format === "github" ? 1 : 0);
  });

  it("markdown: no HTML, link, emphasis or extra table cell comes of it", () => {
    const out = markdown(hostileReport());
    expect(out).not.toContain("<script");
    expect(out).not.toContain("](https://evil");
    expect(out).not.toContain("**bold**");
    const findingRow = out.split("\n").find((l) => l.startsWith("| src"))!;
    const descriptionRow = out.split("\n").find((l) => l.startsWith("| full | t\\|"))!;
    // Cells are split by pipes that are not escaped: the message and the tool name stay one cell each.
    const cells = (row: string): number => row.split(/(?<!\\)\|/).length - 2;
    expect(cells(findingRow), findingRow).toBe(3);
    expect(cells(descriptionRow), descriptionRow).toBe(7);
    expect(escapeMarkdown("a|b <i> & [x](y) *z* _w_")).toBe("a\\|b &lt;i&gt; &amp; \\[x\\]\\(y\\) \\*z\\* \\_w\\_");
  });
});

/** Every red fixture's report in one format, each under a header: the golden file a reviewer reads. */
function redReports(format: "github" | "markdown" | "text"): string {
  const parts: string[] = [];
  for (const rule of readdirSync(path.join(fixtures, "red")).sort()) {
    if (rule.endsWith(".md")) continue;
    for (const name of readdirSync(path.join(fixtures, "red", rule)).sort()) {
      const report = runCensus(loadConfig({ dir: path.join(fixtures, "red", rule, name) })).report;
      parts.push(`==> red/${rule}/${name}\n${reporters[format](report, { color: false, quiet: false, budget: { total: null, clientLimits: [] }, version: "0.0.0" })}`);
    }
  }
  return parts.join("\n");
}

describe("golden outputs on the red fixtures (reviewed like code)", () => {
  it("github", async () => {
    await expect(redReports("github")).toMatchFileSnapshot("golden/github.txt");
  });

  it("markdown", async () => {
    await expect(redReports("markdown")).toMatchFileSnapshot("golden/markdown.md");
  });

  it("text, with code frames and the definitions under each pass-through", async () => {
    await expect(redReports("text")).toMatchFileSnapshot("golden/text.txt");
  });
});
