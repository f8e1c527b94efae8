// descriptions --base REV [--head REV] in a throwaway git repository: a tool shrunk (its guidance moved from the head to
// a tail), one added, one removed; text, JSON and Markdown against golden outputs; git left untouched.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareRows } from "../census/descriptions/delta.js";
import { main } from "../census/main.js";
import type { DescriptionRow } from "../src/model.js";
import { captureIo } from "./census/io.js";

const CONFIG = `// the monitor of the descriptions delta's tests
{
  "skus": [
    {
      "name": "full",
      "root": ".",
      "helpers": "src/helpers.ts",
      "producers": [{ "module": "src/helpers.ts", "category": "validator", "names": ["validate*"] }],
      "tools": ["src/tools/*.ts"],
      "guide": "src/toolGuide.ts"
    }
  ]
}
`;

const HELPERS = `// the payload builders of the delta's test monitor
export function status(word: string, message: string, hints?: Record<string, unknown>): string {
  return JSON.stringify({ status: word, message, hints: hints ?? {} });
}
export function formatError(operation: string, ex: unknown): string {
  return status("error", \`\${operation} failed: \${String(ex)}\`, { operation });
}
export function refusal(parameter: string, sentence: string): string {
  return status("invalid", sentence, { parameter });
}
export function validateTop(top: number | undefined): string | null {
  if (top !== undefined && top < 1) return refusal("top", "top is at least 1.");
  return null;
}
`;

const WAITS_LONG =
  "Top waits on a server over the last hours, benign waits removed. Read wait_ms against signal_ms: a large signal share means CPU pressure. " +
  "PAGEIOLATCH waits point at reads from disk, LCK_M waits at blocking (see get_blocking_chains), WRITELOG at the transaction log's disk.";
const WAITS_HEAD = "Top waits on a server over the last hours, benign waits removed. Reading guide: get_tool_guide.";
const LATCH = "Non-buffer latch waits over the window, largest first.";
const SPINLOCK = "Spinlock collisions, spins and backoffs since the last restart.";
const MEMORY = "Memory clerks by size — the buffer pool, the plan cache and the rest.";

function toolFile(tools: Record<string, string>): string {
  const tool = (name: string, description: string) => `
  server.registerTool("${name}", { description: ${JSON.stringify(description)} }, async ({ top }: { top?: number }) => {
    const topError = validateTop(top);
    if (topError != null) return topError;
    try {
      return JSON.stringify([]);
    } catch (ex) {
      return formatError("${name}", ex);
    }
  });`;
  return `// the wait tools of the delta's test monitor
import { formatError, validateTop } from "../helpers.js";

type Server = { registerTool(name: string, config: { description: string }, handler: (args: { top?: number }) => Promise<string>): void };

export function registerWaitTools(server: Server): void {${Object.entries(tools)
    .map(([name, d]) => tool(name, d))
    .join("")}
}
`;
}

function guideFile(tails: Record<string, string>): string {
  return `// reading guides of the delta's test monitor
export const TOOL_GUIDE: Record<string, string> = ${JSON.stringify(tails)};
`;
}

let repo: string;
const monitor = () => join(repo, "monitor");

/** Fixed names and dates: the same trees give the same commits, so the golden outputs' short hashes hold. */
const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: "Delta Test",
  GIT_AUTHOR_EMAIL: "delta@example.invalid",
  GIT_COMMITTER_NAME: "Delta Test",
  GIT_COMMITTER_EMAIL: "delta@example.invalid",
  GIT_AUTHOR_DATE: "2026-01-01T00:00:00Z",
  GIT_COMMITTER_DATE: "2026-01-01T00:00:00Z",
};

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: repo, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: GIT_ENV });
}

function write(tools: Record<string, string>, tails: Record<string, string>): void {
  writeFileSync(join(monitor(), "src", "tools", "waits.ts"), toolFile(tools));
  writeFileSync(join(monitor(), "src", "toolGuide.ts"), guideFile(tails));
}

async function run(argv: string[], cwd = monitor()) {
  const io = captureIo(cwd);
  const code = await main(["descriptions", ...argv], io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), "payload-census-delta-test-"));
  git("init", "-q", "-b", "main");
  git("config", "commit.gpgsign", "false");
  git("config", "core.autocrlf", "false");
  mkdirSync(join(monitor(), "src", "tools"), { recursive: true });
  writeFileSync(join(monitor(), "payload-census.config.json"), CONFIG);
  writeFileSync(join(monitor(), "src", "helpers.ts"), HELPERS);
  write({ get_wait_stats: WAITS_LONG, get_latch_stats: LATCH, get_spinlock_stats: SPINLOCK }, {});
  git("add", "-A");
  git("commit", "-q", "-m", "the monitor");
  git("tag", "v1");
  // get_wait_stats's guidance moves from the head to a tail; get_spinlock_stats goes; get_memory_clerks comes.
  write({ get_wait_stats: WAITS_HEAD, get_latch_stats: LATCH, get_memory_clerks: MEMORY }, { get_wait_stats: WAITS_LONG });
  git("add", "-A");
  git("commit", "-q", "-m", "split get_wait_stats");
  git("tag", "v2");
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe("descriptions --base REV --head REV", () => {
  it("text: per tool before, after and the change, the largest movers first, then the catalog's change", async () => {
    const { code, out, err } = await run(["--base", "v1", "--head", "v2"]);
    expect(err).toBe("");
    await expect(out).toMatchFileSnapshot("census/golden/descriptions-delta.txt");
    expect(code).toBe(0);
  });

  it("json: the same data, every key in a fixed order", async () => {
    const { code, out } = await run(["--base", "v1", "--head", "v2", "--format", "json"]);
    await expect(out).toMatchFileSnapshot("census/golden/descriptions-delta.json");
    const result = JSON.parse(out) as { tools: { tool: string; status: string; before: { tokens: number } | null; after: { tokens: number } | null }[] };
    expect(result.tools.map((t) => [t.tool, t.status])).toEqual([
      ["get_wait_stats", "changed"],
      ["get_memory_clerks", "added"],
      ["get_spinlock_stats", "removed"],
      ["get_latch_stats", "same"],
    ]);
    // Tokens as the tokenizer counts the served text, an em dash included.
    expect(result.tools.find((t) => t.tool === "get_wait_stats")!.before!.tokens).toBe(countTokens(WAITS_LONG));
    expect(result.tools.find((t) => t.tool === "get_memory_clerks")!.after!.tokens).toBe(countTokens(MEMORY));
    expect(code).toBe(0);
  });

  it("markdown: a table fit for a pull request's comment", async () => {
    const { code, out } = await run(["--base", "v1", "--head", "v2", "--format", "markdown"]);
    await expect(out).toMatchFileSnapshot("census/golden/descriptions-delta.md");
    expect(code).toBe(0);
  });

  it("compares with the working tree without --head, and leaves the working tree and the index as they are", async () => {
    const before = git("status", "--porcelain");
    const { out } = await run(["--base", "v2", "--quiet"]);
    expect(out).toBe("");
    writeFileSync(join(monitor(), "src", "tools", "waits.ts"), toolFile({ get_wait_stats: WAITS_HEAD, get_latch_stats: `${LATCH} Spins are not counted.`, get_memory_clerks: MEMORY }));
    const changed = await run(["--base", "v2", "--quiet"]);
    // The columns as wide as the table's header would make them.
    expect(changed.out).toBe("  full  get_latch_stats     54  77  +23      11  16  +5\n");
    git("checkout", "--", ".");
    expect(git("status", "--porcelain")).toBe(before);
  });

  it("refuses an unknown revision, --head alone, and --base with --serve", async () => {
    expect(await run(["--base", "no-such-rev"])).toMatchObject({ code: 2, err: expect.stringContaining("--base no-such-rev: unknown revision") });
    expect(await run(["--head", "v2"])).toMatchObject({ code: 2, err: expect.stringContaining("--head needs --base") });
    expect(await run(["--base", "v1", "--serve", "server.js"])).toMatchObject({ code: 2, err: expect.stringContaining("give one of them") });
  });
});

describe("compareRows", () => {
  const row = (tool: string, served: number | null, tokens: number | null): DescriptionRow => ({ sku: "s", tool, served, tail: null, cap: 2048, tokens, entryTokens: null, routes: [], unmentioned: [] });

  it("cannot say how much a description it cannot see moved, and gives no percent of an empty catalog", () => {
    const { tools, catalogs } = compareRows([row("a", null, null)], [row("a", 40, 9), row("b", 10, 2)]);
    expect(tools).toEqual([
      { sku: "s", tool: "b", status: "added", before: null, after: { served: 10, tokens: 2 }, delta: { served: 10, tokens: 2 } },
      { sku: "s", tool: "a", status: "changed", before: { served: null, tokens: null }, after: { served: 40, tokens: 9 }, delta: { served: null, tokens: null } },
    ]);
    expect(catalogs).toEqual([{ sku: "s", before: { served: 0, tokens: 0 }, after: { served: 50, tokens: 11 }, delta: { served: 50, tokens: 11 }, percent: { served: null, tokens: null } }]);
  });
});
