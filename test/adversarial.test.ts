// No input ends the run (SPEC §2.0): adversarial files, generated per test, each yield findings (or exit 2 with a message), never a stack trace, a hang or a silent drop.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread } from "node:worker_threads";
import parser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../census/main.js";
import type { Report } from "../src/model.js";
import plugin from "../rules/index.js";
import { captureIo } from "./census/io.js";
import { BODY_LINE, CONFIG, FINE_FINDING, FINE_TOOL, bigFile, nested, plusChain, toolFile, writeMonitor } from "./adversarial/generate.js";

const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "payload-census-adversarial-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The CLI on `dir` with the JSON reporter: it must end normally (0 or 1) with a report that parses. */
async function census(args: string[] = []): Promise<Report> {
  const io = captureIo(dir);
  const code = await main(["check", dir, "--format", "json", ...args], io);
  expect(io.err.join("")).toBe("");
  expect([0, 1]).toContain(code);
  return JSON.parse(io.out.join("")) as Report;
}

/** The CLI where it must refuse: exit 2 with a message and no stack. */
async function refused(args: string[] = []): Promise<string> {
  const io = captureIo(dir);
  expect(await main(["check", dir, ...args], io)).toBe(2);
  const err = io.err.join("");
  expect(err).not.toMatch(/internal error|\n\s+at /);
  return err;
}

/** Findings as (rule, file, line, column): the place is what these tests are about. */
function places(report: Report): { rule: string; file: string; line: number; column: number }[] {
  return report.findings.map(({ rule, file, line, column }) => ({ rule, file, line, column }));
}

/** The findings ESLint (recommended config, typescript-eslint's parser) reports on `files` of `dir`. */
async function eslintPlaces(files: string[]): Promise<{ rule: string; file: string; line: number; column: number }[]> {
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [{ ...plugin.configs.recommended, languageOptions: { parser } } as Linter.Config],
  });
  const results = await eslint.lintFiles(files);
  return results.flatMap((r) =>
    r.messages.map((m) => ({
      rule: m.ruleId?.replace(/^payload-census\//, "") ?? "(fatal)",
      file: path.relative(dir, r.filePath).split(path.sep).join("/"),
      line: m.line,
      column: m.column,
    })),
  );
}

const parseErrorAt = (file: string, line: number, column = 1) => ({ rule: "parse-error", file, line, column });

describe("nesting the parser itself cannot follow is one file's parse-error; the rest is reported", () => {
  it("100,000-deep parentheses (deeper than the parser follows in a worker thread's larger stack too)", { timeout: 20_000 }, async () => {
    writeMonitor(dir, {
      "src/tools/deep.ts": toolFile("deep", [`    return ${nested("(", `"A sentence."`, ")", 100_000)};`]),
      "src/tools/fine.ts": FINE_TOOL,
    });
    const report = await census();
    expect(places(report)).toEqual([parseErrorAt("src/tools/deep.ts", BODY_LINE), FINE_FINDING]);
    expect(report.findings[0]!.message).toBe(
      "src/tools/deep.ts cannot be analysed (nested too deeply to analyse at line 4); its facts are left out and its counts cannot be trusted: split the nesting into functions or constants of its own",
    );
    expect(report.counts.parseErrors).toBe(1);
    expect(report.counts.tools).toBe(1);
    // ESLint's own parser gives up on the deep file (a fatal message of its own); the plugin still reports the rest.
    expect(await eslintPlaces(["src/tools/deep.ts", "src/tools/fine.ts"])).toEqual([{ rule: "(fatal)", file: "src/tools/deep.ts" }, FINE_FINDING]);
  });

  // A process's stack ends within 5,000 `if`s; a worker thread's (4 MB, as under Stryker's test runner) lets the parser
  // follow them, and the analysis bound of the next test reports them instead.
  it.skipIf(!isMainThread)("5,000 nested `if` blocks", { timeout: 20_000 }, async () => {
    writeMonitor(dir, {
      "src/tools/ifs.ts": toolFile("ifs", [`    ${nested("if (x) { ", "x++;", " }", 5_000)}`, `    return "Done.";`]),
      "src/tools/fine.ts": FINE_TOOL,
    });
    const report = await census();
    expect(places(report)).toEqual([FINE_FINDING, parseErrorAt("src/tools/ifs.ts", BODY_LINE)]);
    expect(report.counts.parseErrors).toBe(1);
  });

  // As deep in a worker thread as above: there the parser may follow the arrows, and the analysis bound reports them.
  it.skipIf(!isMainThread)("5,000 nested arrow functions", { timeout: 20_000 }, async () => {
    writeMonitor(dir, {
      "src/tools/arrows.ts": toolFile("arrows", [`    const f = ${"() => ".repeat(5_000)}1;`, `    return "Done.";`]),
      "src/tools/fine.ts": FINE_TOOL,
    });
    const report = await census();
    expect(places(report)).toEqual([parseErrorAt("src/tools/arrows.ts", BODY_LINE), FINE_FINDING]);
    expect(report.counts.parseErrors).toBe(1);
  });

  it("nesting the parser follows but the analysis is bounded at (300 nested `if`s) is reported at its deepest node", async () => {
    const prefix = `    ${"if (x) { ".repeat(300)}`;
    writeMonitor(dir, {
      "src/tools/ifs.ts": toolFile("ifs", [`${prefix}x++;${" }".repeat(300)}`, `    return "Done.";`]),
      "src/tools/fine.ts": FINE_TOOL,
    });
    const report = await census();
    // The deepest node is the `x` of the innermost `x++`.
    expect(places(report)).toEqual([FINE_FINDING, parseErrorAt("src/tools/ifs.ts", BODY_LINE, prefix.length + 1)]);
    expect(report.findings[1]!.message).toContain("(nested too deeply to analyse at line 4)");
  });
});

describe("chains as long as the input are analysed, not refused", () => {
  const N = 10_000;

  it("a 10,000-operand `+` chain in a status word is read to its word", { timeout: 20_000 }, async () => {
    const word = plusChain([`"e"`, `"r"`, `"r"`, `"o"`, `"r"`], `""`, N);
    writeMonitor(dir, { "src/tools/word.ts": toolFile("word", [`    return status(${word}, "Hand-built.");`]) });
    const report = await census();
    expect(places(report)).toEqual([{ rule: "hand-built-status", file: "src/tools/word.ts", line: BODY_LINE, column: 12 }]);
    expect(report.findings[0]!.message).toContain(`"error"`);
    expect(report.counts.handBuilt).toBe(1);
  });

  it("a 10,000-operand `+` chain returned as a bare sentence", { timeout: 20_000 }, async () => {
    writeMonitor(dir, { "src/tools/sentence.ts": toolFile("sentence", [`    return ${plusChain([`"A"`], `"b"`, N)};`]) });
    const report = await census();
    expect(places(report)).toEqual([{ rule: "bare-sentence-roster", file: "src/tools/sentence.ts", line: BODY_LINE, column: 12 }]);
    expect(report.findings[0]!.message).toContain(`"A${"b".repeat(N - 1)}"`);
    expect(report.counts.bareSentences.total).toBe(1);
  });

  it("a 10,000-operand `+` chain at top level: a serialised envelope", { timeout: 20_000 }, async () => {
    const envelope = plusChain([`'{"status": "error"'`, `', "message": "m"'`], `''`, N - 1) + ` + '}'`;
    const text = toolFile("top", [`    return ENVELOPE;`], `export const ENVELOPE = ${envelope};\n`);
    writeMonitor(dir, { "src/tools/top.ts": text });
    const report = await census();
    expect(places(report)).toEqual([{ rule: "hand-built-status", file: "src/tools/top.ts", line: 7, column: 25 }]);
  });

  it("`&&`, `??`, `,` and call chains of 10,000 links", { timeout: 20_000 }, async () => {
    const links = (op: string) => Array.from({ length: N }, () => "x").join(op);
    writeMonitor(dir, {
      "src/tools/chains.ts": toolFile("chains", [
        `    const r = x.f();`,
        `    if (${links(" && ")} && r) return r;`,
        `    const a = ${links(" ?? ")};`,
        `    const b = (${links(", ")});`,
        `    const c = x${".f()".repeat(N)};`,
        `    return "Done.";`,
      ]),
    });
    const report = await census();
    expect(places(report)).toEqual([
      { rule: "pass-through-producer", file: "src/tools/chains.ts", line: BODY_LINE + 1, column: 5 },
      { rule: "bare-sentence-roster", file: "src/tools/chains.ts", line: BODY_LINE + 5, column: 12 },
    ]);
  });

  it("a function of 10,000 statements, traced through all of them", { timeout: 40_000 }, async () => {
    const body = [`    let r = x.first();`, ...Array.from({ length: 10_000 }, () => `    r = r ?? x.next();`), `    if (r) return r;`, `    return "Done.";`];
    writeMonitor(dir, { "src/tools/long.ts": toolFile("long", body) });
    const report = await census();
    expect(places(report)).toEqual([
      { rule: "pass-through-producer", file: "src/tools/long.ts", line: BODY_LINE + 10_001, column: 5 },
      { rule: "bare-sentence-roster", file: "src/tools/long.ts", line: BODY_LINE + 10_002, column: 12 },
    ]);
    expect(report.counts.passThroughs.total).toBe(1);
  });

  it("a trace that fans out (nine variables, each written eleven times from the one before) is cut, not walked 11^8 times", { timeout: 20_000 }, async () => {
    const body = [`    let v0 = x.f();`];
    for (let i = 1; i <= 9; i++) {
      body.push(`    let v${i} = v${i - 1};`);
      for (let k = 0; k < 10; k++) body.push(`    if (x.c${k}) v${i} = v${i - 1};`);
    }
    body.push(`    if (v9) return v9;`);
    writeMonitor(dir, { "src/tools/fan.ts": toolFile("fan", body) });
    const report = await census();
    expect(places(report)).toEqual([{ rule: "pass-through-producer", file: "src/tools/fan.ts", line: BODY_LINE + body.length - 1, column: 5 }]);
    expect(report.findings[0]!.message).toContain("follow it by hand");
  });

  it("a 5 MB file", { timeout: 30_000 }, async () => {
    const big = bigFile(5_000_000);
    writeMonitor(dir, { "src/tools/big.ts": big.text });
    expect(statSync(path.join(dir, "src/tools/big.ts")).size).toBeGreaterThan(5_000_000);
    const report = await census();
    expect(places(report)).toEqual([{ rule: "bare-sentence-roster", file: "src/tools/big.ts", line: big.sentenceLine, column: 12 }]);
  });
});

describe("what a file is made of", () => {
  it("a BOM and CRLF line endings: the same line and column in the CLI and in ESLint (a BOM is not a column)", { timeout: 20_000 }, async () => {
    const lines = [
      `export function register(server: any): void { server.registerTool("one", { description: "A tool." }, async () => "First sentence."); }`,
      `export function registerTwo(server: any): void {`,
      `  server.registerTool("two", { description: "A tool." }, async () => "Second sentence.");`,
      `}`,
    ];
    writeMonitor(dir, { "src/tools/bom.ts": `\uFEFF${lines.join("\r\n")}\r\n` });
    const expected = [
      { rule: "bare-sentence-roster", file: "src/tools/bom.ts", line: 1, column: lines[0]!.indexOf(`"First`) + 1 },
      { rule: "bare-sentence-roster", file: "src/tools/bom.ts", line: 3, column: lines[2]!.indexOf(`"Second`) + 1 },
    ];
    expect(places(await census())).toEqual(expected);
    expect(await eslintPlaces(["src/tools/bom.ts"])).toEqual(expected);
  });

  it("invalid UTF-8: in a string it is U+FFFD, in code a syntax error", async () => {
    const [before, after] = toolFile("string", [`    return "caf@.";`]).split("@") as [string, string];
    writeMonitor(dir, {
      "src/tools/string.ts": Buffer.concat([Buffer.from(before), Buffer.from([0xff, 0xfe]), Buffer.from(after)]),
      "src/tools/code.ts": Buffer.concat([Buffer.from("export const a = 1;\nexport const "), Buffer.from([0xc3, 0x28]), Buffer.from(" = 2;\n")]),
    });
    const report = await census();
    // TypeScript reads U+FFFD outside a string as a sign of a binary file, at its first character.
    expect(places(report)).toEqual([
      { rule: "parse-error", file: "src/tools/code.ts", line: 1, column: 1 },
      { rule: "bare-sentence-roster", file: "src/tools/string.ts", line: BODY_LINE, column: 12 },
    ]);
    expect(report.findings[0]!.message).toBe(
      "src/tools/code.ts does not parse (File appears to be binary.); its facts are left out and its counts cannot be trusted: fix the syntax error",
    );
    expect(report.findings[1]!.message).toContain(`"caf\uFFFD\uFFFD."`);
    expect(report.counts.parseErrors).toBe(1);
  });

  it("a binary file the tools glob matches", async () => {
    const binary = Buffer.alloc(4096);
    for (let i = 0; i < binary.length; i++) binary[i] = (i * 7919) % 251 === 0 ? 0 : (i * 31) % 256;
    writeMonitor(dir, { "src/tools/blob.ts": Buffer.concat([Buffer.from([0, 0, 0, 0]), binary]), "src/tools/fine.ts": FINE_TOOL });
    const report = await census();
    expect(places(report)).toEqual([parseErrorAt("src/tools/blob.ts", 1, 1), FINE_FINDING]);
    expect(report.findings[0]!.message).toBe(
      "src/tools/blob.ts does not parse (Invalid character.); its facts are left out and its counts cannot be trusted: fix the syntax error",
    );
    expect(report.counts.parseErrors).toBe(1);
  });

  it.skipIf(process.platform === "win32")("a FIFO the tools glob matches is not read: a parse-error, never a wait", { timeout: 10_000 }, async () => {
    writeMonitor(dir, { "src/tools/fine.ts": FINE_TOOL });
    execFileSync("mkfifo", [path.join(dir, "src/tools/pipe.ts")]);
    const report = await census();
    expect(places(report)).toEqual([FINE_FINDING, parseErrorAt("src/tools/pipe.ts", 1, 1)]);
    expect(report.findings[1]!.message).toBe(
      "src/tools/pipe.ts cannot be read (it is a named pipe, not a file); its facts are left out and its counts cannot be trusted: make it a readable source file, or keep it out of the tools globs",
    );
    expect(report.counts.parseErrors).toBe(1);
  });
});

describe("folder links are followed once per real folder", () => {
  it.skipIf(process.platform === "win32")("a link back up the tree counts each file once", { timeout: 20_000 }, async () => {
    writeMonitor(dir, { "src/tools/fine.ts": FINE_TOOL, "src/tools/nested/other.ts": toolFile("other", [`    return "Another sentence.";`]) });
    const before = await census();
    symlinkSync(".", path.join(dir, "src/tools/loop"));
    const after = await census();
    expect(places(after)).toEqual(places(before));
    expect(after.counts).toEqual(before.counts);
    expect(after.counts.tools).toBe(2);
  });

  it.skipIf(process.platform === "win32")("two links back up the tree end (they would walk 2^40 paths)", { timeout: 20_000 }, async () => {
    writeMonitor(dir, { "src/tools/fine.ts": FINE_TOOL });
    const before = await census();
    symlinkSync(".", path.join(dir, "src/tools/loop"));
    symlinkSync(".", path.join(dir, "src/tools/again"));
    const after = await census();
    expect(places(after)).toEqual([FINE_FINDING]);
    expect(after.counts).toEqual(before.counts);
  });
});

describe("a tool file reached by two paths is one tool file", () => {
  it.skipIf(process.platform === "win32")("a file link beside its file, matched by a wildcard", { timeout: 20_000 }, async () => {
    writeMonitor(dir, { "src/tools/fine.ts": FINE_TOOL });
    const before = await census();
    symlinkSync("fine.ts", path.join(dir, "src/tools/also.ts"));
    const after = await census();
    // The first path in sorted order names it.
    expect(places(after)).toEqual(places(before).map((p) => ({ ...p, file: "src/tools/also.ts" })));
    expect(after.counts).toEqual(before.counts);
  });

  it.skipIf(process.platform === "win32")("a file link named by a glob without wildcards, beside a glob that walks to its file", { timeout: 20_000 }, async () => {
    writeMonitor(dir, { "src/tools/fine.ts": FINE_TOOL });
    const before = await census();
    mkdirSync(path.join(dir, "linked"));
    symlinkSync(path.join("..", "src", "tools", "fine.ts"), path.join(dir, "linked/fine.ts"));
    writeMonitor(dir, {}, { ...CONFIG, skus: [{ ...CONFIG.skus[0]!, tools: [...CONFIG.skus[0]!.tools, "linked/fine.ts"] }] });
    const after = await census();
    expect(places(after)).toEqual(places(before));
    expect(after.counts).toEqual(before.counts);
  });
});

describe("a config nested too deeply is a config error", () => {
  it.each([
    ["arrays", (n: number) => nested("[", "1", "]", n), 101],
    ["objects", (n: number) => nested(`{"a":`, "1", "}", n), 501],
  ] as const)("2,000 levels of %s: exit 2 naming the file", async (_name, deep, column) => {
    writeMonitor(dir, { "src/tools/fine.ts": FINE_TOOL }, deep(2_000));
    const err = await refused();
    expect(err).toMatch(/^payload-census: Invalid config .*payload-census\.config\.json \(1 problem\):\n/);
    expect(err).toContain(
      `payload-census.config.json:1:${column}  (top level): invalid JSON: nested more than 100 levels deep; expected the few levels the format has\n`,
    );
  });
});

describe("--output says what is wrong in words", () => {
  it("a folder", async () => {
    writeMonitor(dir, { "src/tools/fine.ts": FINE_TOOL });
    mkdirSync(path.join(dir, "out"));
    expect(await refused(["--output", "out"])).toBe("payload-census: cannot write --output out: it is a folder; give a file name\n");
  });

  it("a file used as a folder", async () => {
    writeMonitor(dir, { "src/tools/fine.ts": FINE_TOOL });
    writeFileSync(path.join(dir, "out"), "");
    expect(await refused(["--output", "out/report.json"])).toBe(
      "payload-census: cannot write --output out/report.json: a part of its path is a file, not a folder\n",
    );
  });
});

describe("real code: a sample of the project's own node_modules", () => {
  it("over 500 TypeScript files as tool files: the census ends with a report", { timeout: 60_000 }, async () => {
    const sample = nodeModulesSample(600);
    expect(sample.length).toBeGreaterThanOrEqual(500);
    for (const file of sample) {
      // A declaration file would never be a tool file (.d.ts never matches): renamed, it is read like any other.
      cpSync(path.join(PROJECT, "node_modules", file), path.join(dir, "pkgs", file.replace(/\.d\.ts$/, ".d_.ts")));
    }
    writeMonitor(dir, {}, { ...CONFIG, skus: [{ ...CONFIG.skus[0]!, tools: ["pkgs/**/*.ts"] }] });
    const report = await census();
    expect(report.counts.files).toBeGreaterThanOrEqual(sample.length);
  });
});

/**
 * A deterministic sample of the TypeScript in node_modules: sorted paths, taken in turn from several packages (the
 * compiler's lib declarations, zod's sources, the MCP SDK, typescript-eslint, ajv) up to `n` files.
 */
function nodeModulesSample(n: number): string[] {
  const roots = ["typescript/lib", "zod/src", "@modelcontextprotocol/sdk/dist/esm", "@typescript-eslint", "ajv/lib"];
  const lists = roots.map((root) => listTs(path.join(PROJECT, "node_modules", ...root.split("/")), root));
  const out: string[] = [];
  for (let i = 0; out.length < n && lists.some((l) => i < l.length); i++) {
    for (const list of lists) if (i < list.length && out.length < n) out.push(list[i]!);
  }
  return out.sort();
}

function listTs(folder: string, prefix: string): string[] {
  const out: string[] = [];
  const pending = [""];
  for (let rel = pending.pop(); rel !== undefined; rel = pending.pop()) {
    let entries;
    try {
      entries = readdirSync(path.join(folder, rel), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const child = rel === "" ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory() && e.name !== "node_modules") pending.push(child);
      else if (e.isFile() && e.name.endsWith(".ts")) out.push(`${prefix}/${child}`);
    }
  }
  return out.sort();
}
