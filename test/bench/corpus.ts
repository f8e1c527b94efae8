// The benchmark's monitor corpus: the reference monitor, plus as many generated tool files in its shapes as the scale
// asks, written to a temp dir together with what the census must count there (so a census gone blind fails the bench).
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REFERENCE_MONITOR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "fixtures", "monitor");

/** Tool files per unit of scale: the 1× monitor has about 500. */
export const TOOL_FILES_PER_SCALE = 500;
const TOOLS_PER_FILE = 3;
/** One generated file in this many carries a planted finding. */
const FINDING_EVERY = 100;

/** What the census must report on a generated corpus. */
export interface Expected {
  /** Tool files the `tools` globs match: the reference monitor's and the generated ones. */
  files: number;
  tools: number;
  passThroughs: { total: number; resolver: number; validator: number; gate: number; unshared: number };
  /** Planted findings by rule id. */
  findings: Record<string, number>;
}

export interface Corpus {
  dir: string;
  expected: Expected;
  /** A generated tool file to edit for the "one file changed" case. */
  editable: string;
}

type Sku = "full" | "lite";
type Planted = "hand-built-status" | "bare-sentence-roster" | "pass-through-producer";
const PLANTED: readonly Planted[] = ["hand-built-status", "bare-sentence-roster", "pass-through-producer"];

const NOUNS = ["wait", "latch", "session", "query", "plan", "index", "file", "backup", "job", "lock", "memory", "replica"];

/** The reference monitor's counts, as fixtures/monitor/expected-counts.json holds them (counted by hand). */
function referenceCounts(): Expected {
  const counts = (JSON.parse(readFileSync(path.join(REFERENCE_MONITOR, "expected-counts.json"), "utf8")) as { counts: ReferenceCounts })
    .counts;
  const p = counts.passThroughs;
  return {
    files: counts.files,
    tools: counts.tools,
    passThroughs: { total: p.total, resolver: p.resolver, validator: p.validator, gate: p.gate, unshared: p.unshared },
    findings: {},
  };
}

interface ReferenceCounts {
  files: number;
  tools: number;
  passThroughs: Expected["passThroughs"];
}

/**
 * The reference monitor with `scale × 500` generated tool files (four in five in the full SKU), in a new temp dir.
 * The config is the reference one with its floors dropped (they are the reference's exact counts) and no catalog
 * budget (no served catalog has thousands of tools); everything else, roster included, stays as it is.
 */
export function generateMonitor(scale: number): Corpus {
  const dir = mkdtempSync(path.join(tmpdir(), `payload-census-bench-${scale}x-`));
  cpSync(REFERENCE_MONITOR, dir, { recursive: true });
  const configFile = path.join(dir, "payload-census.config.json");
  const config = readFileSync(configFile, "utf8")
    .replace(/"floors": \{[^}]*\}/, '"floors": {}')
    .replace(/\n\s*"total": \d+,/, "\n");
  writeFileSync(configFile, config);

  const expected = referenceCounts();
  const count = scale * TOOL_FILES_PER_SCALE;
  let editable = "";
  for (let i = 0; i < count; i++) {
    const sku: Sku = i % 5 === 4 ? "lite" : "full";
    const planted = i % FINDING_EVERY === FINDING_EVERY / 2 ? PLANTED[Math.floor(i / FINDING_EVERY) % PLANTED.length]! : undefined;
    const file = path.join(dir, sku, "src", "mcp", "tools", `gen${String(i).padStart(5, "0")}.ts`);
    const { text, counts } = toolFile(i, planted);
    writeFileSync(file, text);
    if (i === Math.floor(count / 2)) editable = file;
    expected.files++;
    expected.tools += TOOLS_PER_FILE;
    for (const key of ["total", "resolver", "validator", "gate", "unshared"] as const) expected.passThroughs[key] += counts[key];
    if (planted) expected.findings[planted] = (expected.findings[planted] ?? 0) + 1;
  }
  return { dir, expected, editable };
}

interface FileCounts {
  total: number;
  resolver: number;
  validator: number;
  gate: number;
  unshared: number;
}

/**
 * One tool file of three tools, in one of the reference monitor's three definition shapes (by `i`); both editions
 * export the producers its bodies use, so the same text serves either SKU.
 */
function toolFile(i: number, planted: Planted | undefined): { text: string; counts: FileCounts } {
  const counts: FileCounts = { total: 0, resolver: 0, validator: 0, gate: 0, unshared: 0 };
  const noun = NOUNS[i % NOUNS.length]!;
  const names = [0, 1, 2].map((t) => `${["get", "list", "check"][t]}_${noun}_${i}_${t}`);
  // Guarded pass-throughs of each body: a resolver, two validators, and in the first tool a gate.
  const guards = (t: number, servers: string): string[] => {
    const lines = [
      `const [target, miss] = resolveOrError(${servers}, server_name);`,
      `if (miss) return miss;`,
      `const hoursError = validateHoursBack(hours_back);`,
      `if (hoursError != null) return hoursError;`,
      `const topError = validateTop(top);`,
      `if (topError !== null) return topError;`,
    ];
    counts.total += 3;
    counts.resolver += 1;
    counts.validator += 2;
    if (t === 0) {
      lines.push(`const storeError = requireQueryStore(target);`, `if (storeError !== null) return storeError;`);
      counts.total += 1;
      counts.gate += 1;
    }
    if (t === 1 && planted === "pass-through-producer") {
      // A pass-through of a local check: its refusal comes from no shared producer.
      lines.push(`const localError = checkWindow${i}(hours_back);`, `if (localError != null) return localError;`);
      counts.total += 1;
      counts.unshared += 1;
    }
    if (t === 1 && planted === "hand-built-status") {
      lines.push(`if (top === 0) return status("invalid", "top is at least 1.", { parameter: "top" });`);
    }
    if (t === 1 && planted === "bare-sentence-roster") {
      lines.push(`if (top === 0) return "Nothing to rank with top set to 0.";`);
    }
    return lines;
  };
  const query = (t: number): string[] => [
    `try {`,
    `  const rows = await target.query<${rowType(i)}>(`,
    `    \`SELECT TOP (@top) s.${noun}_id, s.${noun}_name, SUM(s.wait_ms_delta) AS wait_ms, SUM(s.reads_delta) AS reads`,
    `     FROM monitor.${noun}_samples_${t} AS s`,
    `     WHERE s.sampled_at >= DATEADD(HOUR, -@hours_back, SYSUTCDATETIME())`,
    `     GROUP BY s.${noun}_id, s.${noun}_name ORDER BY wait_ms DESC;\`,`,
    `    { top: top ?? 20, hours_back: hours_back ?? 24 },`,
    `  );`,
    `  if (rows.length === 0) return status("no_data", "No ${noun} samples in the window.", { hours_back: hours_back ?? 24 });`,
    `  return JSON.stringify(rows.map((r) => ({ ...r, share: r.wait_ms / Math.max(1, r.reads) })));`,
    `} catch (ex) {`,
    `  return formatError("${names[t]}", ex);`,
    `}`,
  ];
  const schema = [
    `server_name: z.string().optional().describe("Monitored server; optional when only one is monitored."),`,
    `hours_back: z.number().int().optional().describe("Window ending now, in hours (default 24)."),`,
    `top: z.number().int().optional().describe("Rows to return (default 20)."),`,
  ];
  const description = (t: number): string =>
    `${["The", "Every", "Whether any"][t]} ${noun} statistics of generated tool ${i}.${t} over the last hours, largest first, from the collector's samples.`;
  const indent = (n: number, lines: string[]): string => lines.map((l) => " ".repeat(n) + l).join("\n");

  const shape = i % 3;
  // Only what the shape uses is imported: an unused import would be a finding of the user's own linter, not ours.
  const imports = [
    ...(shape === 1 ? [] : [`import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`]),
    `import { z } from "zod";`,
    ...(shape === 1 ? [`import { defineTool } from "../defineTool.js";`] : []),
    `import { requireQueryStore } from "../gates.js";`,
    `import { formatError, status, validateHoursBack, validateTop } from "../helpers.js";`,
    ...(shape === 1 ? [] : [`import { monitoredServers } from "../monitoredServer.js";`]),
    `import { resolveOrError } from "../serverResolver.js";`,
    ...(shape === 1 ? [] : [`import { textTool } from "../textTool.js";`]),
  ];
  const header = [
    `// Generated for the benchmark: tool file ${i} in the reference monitor's shapes.`,
    ...imports,
    ``,
    `interface ${rowType(i)} {`,
    `  ${noun}_id: number;`,
    `  ${noun}_name: string;`,
    `  wait_ms: number;`,
    `  reads: number;`,
    `}`,
    ``,
  ];
  if (planted === "pass-through-producer") {
    header.push(
      `function checkWindow${i}(hoursBack: number | undefined): string | null {`,
      `  return hoursBack !== undefined && hoursBack > 48 ? "hours_back is at most 48 here." : null;`,
      `}`,
      ``,
    );
  }

  const body: string[] = [];
  if (shape === 0) {
    // server.registerTool(name, { description, inputSchema }, textTool(async (args) => ...))
    body.push(`export function registerGen${i}Tools(server: McpServer): void {`);
    for (let t = 0; t < TOOLS_PER_FILE; t++) {
      body.push(
        `  server.registerTool(`,
        `    "${names[t]}",`,
        `    {`,
        `      description: "${description(t)}",`,
        `      inputSchema: {`,
        indent(8, schema),
        `      },`,
        `    },`,
        `    textTool(async ({ server_name, hours_back, top }) => {`,
        indent(6, [...guards(t, "monitoredServers()"), ...query(t)]),
        `    }),`,
        `  );`,
        ``,
      );
    }
    body.push(`}`);
  } else if (shape === 1) {
    // defineTool({ name, description, input, async run(args, ctx) { ... } }) in an exported array
    body.push(`export const gen${i}Tools = [`);
    for (let t = 0; t < TOOLS_PER_FILE; t++) {
      body.push(
        `  defineTool({`,
        `    name: "${names[t]}",`,
        `    description: "${description(t)}",`,
        `    input: {`,
        indent(6, schema),
        `    },`,
        `    async run({ server_name, hours_back, top }, ctx) {`,
        indent(6, [...guards(t, "ctx.servers"), ...query(t)]),
        `    },`,
        `  }),`,
        ``,
      );
    }
    body.push(`];`);
  } else {
    // server.tool(name, description, shape, textTool(fn)) with fn a function of the same file
    const args = `{ server_name?: string; hours_back?: number; top?: number }`;
    for (let t = 0; t < TOOLS_PER_FILE; t++) {
      body.push(
        `async function answer${i}_${t}({ server_name, hours_back, top }: ${args}): Promise<string> {`,
        indent(2, [...guards(t, "monitoredServers()"), ...query(t)]),
        `}`,
        ``,
      );
    }
    body.push(`export function registerGen${i}Tools(server: McpServer): void {`);
    for (let t = 0; t < TOOLS_PER_FILE; t++) {
      body.push(
        `  server.tool(`,
        `    "${names[t]}",`,
        `    "${description(t)}",`,
        `    {`,
        indent(6, schema),
        `    },`,
        `    textTool(answer${i}_${t}),`,
        `  );`,
      );
    }
    body.push(`}`);
  }
  return { text: [...header, ...body, ""].join("\n"), counts };
}

function rowType(i: number): string {
  return `Gen${i}Row`;
}

/** Every .ts source of a tree (not node_modules): the files any tool reading the monitor must read and parse. */
export function tsSources(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === "node_modules") continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith(".ts")) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}
