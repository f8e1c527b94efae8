// Determinism: the CLI's JSON, SARIF and text reports are byte-identical whatever the working directory it runs from,
// whatever order the monitor's files were created in (the same folder, laid anew), on one thread or two, with the
// cache cold, warm or off.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readTree, tempDir, type Tree, writeTree } from "./trees.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = path.join(root, "dist", "census", "bin.js");

const FORMATS = ["json", "sarif", "text"] as const;

/** A clean monitor and red cases whose findings span rules, files, SKUs, the roster and a file that does not parse. */
const CORPORA = [
  "monitor",
  "red/pass-through-producer/local-helper",
  "red/bare-sentence-roster/stale-entry",
  "red/parity-pin/differs-by-one-character",
  "red/parse-error/unclosed-brace",
];

interface Run {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

function cli(cwd: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
    delete env.FORCE_COLOR;
    const child = spawn(process.execPath, [bin, ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => stdout.push(d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout: Buffer.concat(stdout), stderr }));
  });
}

/** How a run is set up: where the CLI starts, how it names the monitor, and the order the monitor's files were made in. */
interface Setup {
  readonly name: string;
  readonly cwd: (monitor: string, base: string) => string;
  readonly dir: (monitor: string, base: string) => string[];
  readonly order: (files: string[]) => string[];
  /** Flags of the run: threads and cache state. */
  readonly flags?: (base: string) => string[];
}

const SETUPS: readonly Setup[] = [
  { name: "from the monitor's folder, files made in sorted order", cwd: (m) => m, dir: () => [], order: (f) => f },
  { name: "from its parent by a relative path, files made in reverse order", cwd: (_m, base) => base, dir: () => ["monitor"], order: (f) => [...f].reverse() },
  {
    name: "from the project by an absolute path, files made in a rotated order",
    cwd: () => root,
    dir: (m) => [m],
    order: (f) => [...f.slice(Math.floor(f.length / 2)), ...f.slice(0, Math.floor(f.length / 2))],
  },
  // Threads and cache state: one thread and no cache; two threads and a cold cache; the same cache, now warm.
  { name: "on one thread, without the cache", cwd: (m) => m, dir: () => [], order: (f) => f, flags: () => ["--jobs", "1", "--no-cache"] },
  { name: "on two threads, the cache cold", cwd: (m) => m, dir: () => [], order: (f) => f, flags: (base) => ["--jobs", "2", "--cache-location", path.join(base, "cache-cold")] },
  { name: "the cache warm", cwd: (m) => m, dir: () => [], order: (f) => f, flags: (base) => ["--cache-location", path.join(base, "cache-cold")] },
];

describe("the CLI's reports do not depend on where it runs or on file creation order", () => {
  for (const corpus of CORPORA) {
    it(corpus, async () => {
      const tree: Tree = readTree(path.join(root, "fixtures", ...corpus.split("/")));
      tree.delete("expected.json");
      const base = tempDir("determinism");
      const monitor = path.join(base, "monitor");
      const reports: { setup: string; runs: Run[] }[] = [];
      // Every setup on the reference monitor; on the red cases all but the second (the relative DIR is the monitor's).
      const setups = corpus === "monitor" ? SETUPS : SETUPS.filter((_, i) => i !== 1);
      for (const setup of setups) {
        // The same folder every time, laid anew in another order: only the order of creation differs.
        rmSync(monitor, { recursive: true, force: true });
        writeTree(monitor, tree, setup.order);
        const flags = setup.flags?.(base) ?? [];
        const runs = await Promise.all(FORMATS.map((format) => cli(setup.cwd(monitor, base), ["--format", format, ...flags, ...setup.dir(monitor, base)])));
        reports.push({ setup: setup.name, runs });
      }
      const [first, ...others] = reports;
      for (const [i, format] of FORMATS.entries()) {
        const reference = first!.runs[i]!;
        expect(reference.stderr, `${format}, ${first!.setup}: nothing on stderr`).toBe("");
        expect(reference.code, `${format}: exit code`).toBe(corpus === "monitor" ? 0 : 1);
        expect(reference.stdout.length, `${format}: a report`).toBeGreaterThan(0);
        for (const other of others) {
          const run = other.runs[i]!;
          expect(run.code, `${format}, ${other.setup}: exit code`).toBe(reference.code);
          expect(run.stderr, `${format}, ${other.setup}: stderr`).toBe(reference.stderr);
          // Byte-identical; shown as text (a readable diff) when not.
          if (!run.stdout.equals(reference.stdout)) {
            expect(run.stdout.toString("utf8"), `${format}, ${other.setup}: byte-identical to ${first!.setup}`).toBe(reference.stdout.toString("utf8"));
            expect.unreachable(`${format}, ${other.setup}: the bytes differ though the text does not`);
          }
        }
      }
    });
  }
});
