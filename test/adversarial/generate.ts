// The inputs of test/adversarial.test.ts, generated into a temporary folder when the test runs: megabytes of nesting are not committed.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The monitor's helpers module: the builder, its two producers. */
export const HELPERS = `// The status builder and its two producers.
export function status(word: string, message: string): string {
  return JSON.stringify({ status: word, message });
}

export function formatError(operation: string, ex: unknown): string {
  return status("error", \`\${operation} failed: \${String(ex)}\`);
}

export function refusal(parameter: string, sentence: string): string {
  return status("invalid", sentence);
}
`;

/** One SKU, root ".", tool files `src/tools/**\/*.ts`. */
export const CONFIG = {
  skus: [
    {
      name: "main",
      root: ".",
      helpers: "src/helpers.ts",
      producers: [{ module: "src/helpers.ts", category: "validator", names: ["validate*"] }],
      tools: ["src/tools/**/*.ts"],
    },
  ],
};

/** Writes a monitor into `dir`: the helpers, the config and `files` (paths relative to `dir`, `/` separators). */
export function writeMonitor(dir: string, files: Record<string, string | Uint8Array>, config: unknown = CONFIG): void {
  write(dir, "src/helpers.ts", HELPERS);
  write(dir, "payload-census.config.json", typeof config === "string" ? config : JSON.stringify(config, null, 2));
  for (const [file, text] of Object.entries(files)) write(dir, file, text);
}

function write(dir: string, file: string, text: string | Uint8Array): void {
  const path = join(dir, ...file.split("/"));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** The line of a tool file's body that `toolFile` puts first. */
export const BODY_LINE = 4;

/** A tool file registering `name`, its handler's body the given lines (from BODY_LINE on); `x` is the handler's argument. */
export function toolFile(name: string, body: string[], after = ""): string {
  return [
    `import { status } from "../helpers.js";`,
    `export function register(server: any): void {`,
    `  server.registerTool("${name}", { description: "A tool." }, async (x: any) => {`,
    ...body,
    `  });`,
    `}`,
    after,
  ].join("\n");
}

/** A well-formed tool file beside each adversarial one: its finding shows the rest of the census is reported. */
export const FINE_TOOL = toolFile("fine", [`    return "A fine sentence.";`]);

/** Where FINE_TOOL's bare sentence is reported. */
export const FINE_FINDING = { rule: "bare-sentence-roster", file: "src/tools/fine.ts", line: BODY_LINE, column: 12 };

/** `n` operands joined by ` + `: the first ones as given, then `filler` for the rest. */
export function plusChain(first: string[], filler: string, n: number): string {
  const operands = [...first];
  while (operands.length < n) operands.push(filler);
  return operands.join(" + ");
}

/** `open` n times, `inner`, `close` n times: nesting as deep as `n`, on one line. */
export function nested(open: string, inner: string, close: string, n: number): string {
  return open.repeat(n) + inner + close.repeat(n);
}

/** A tool file of about `bytes` bytes: that many lines of top-level constants, then a tool returning a bare sentence. */
export function bigFile(bytes: number): { text: string; sentenceLine: number } {
  const lines: string[] = [`import { status } from "../helpers.js";`];
  const filler = "x".repeat(100);
  for (let i = 0; lines.length * 120 < bytes; i++) lines.push(`export const DATA_${i} = "${filler}";`);
  lines.push(
    `export function register(server: any): void {`,
    `  server.registerTool("big", { description: "A tool." }, async () => {`,
    `    return "A sentence after megabytes.";`,
    `  });`,
    `}`,
  );
  return { text: lines.join("\n") + "\n", sentenceLine: lines.length - 2 };
}
