// Installed as a user installs it: the packed tarball, eslint and @typescript-eslint/parser in a fresh project,
// `npx eslint` with the recommended flat config on a clean and on a red copy of the reference monitor.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
// The versions this package is developed with: typescript is a dependency of its own (the parser), the rest dev tools.
const devVersions = { ...manifest.dependencies, ...manifest.devDependencies };

let project: string;

function npm(args: string[], cwd: string): string {
  return execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, npm_config_fund: "false", npm_config_audit: "false" } });
}

interface EslintFile {
  filePath: string;
  messages: { ruleId: string | null; line: number; column: number; message: string }[];
}

function eslint(target: string): { code: number; files: EslintFile[] } {
  try {
    const out = execFileSync("npx", ["eslint", "--format", "json", target], { cwd: project, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return { code: 0, files: JSON.parse(out) as EslintFile[] };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    if (err.status !== 1) throw new Error(`eslint failed (${err.status}): ${err.stderr}`);
    return { code: 1, files: JSON.parse(err.stdout) as EslintFile[] };
  }
}

beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), "payload-census-install-"));
  const packed = npm(["pack", "--silent", "--pack-destination", project], root).trim().split("\n").at(-1)!;
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "my-monitor", private: true, type: "module" }, null, 2));
  npm(
    [
      "install",
      "--no-save",
      "--prefer-offline",
      `./${packed}`,
      `eslint@${devVersions.eslint}`,
      `@typescript-eslint/parser@${devVersions["@typescript-eslint/parser"]}`,
      `typescript@${devVersions.typescript}`,
    ],
    project,
  );
  writeFileSync(
    path.join(project, "eslint.config.js"),
    [
      'import payloadCensus from "payload-census/eslint";',
      'import parser from "@typescript-eslint/parser";',
      "",
      "export default [{ ...payloadCensus.configs.recommended, languageOptions: { parser } }];",
      "",
    ].join("\n"),
  );
  cpSync(path.join(root, "fixtures", "monitor"), path.join(project, "clean"), { recursive: true });
  cpSync(path.join(root, "fixtures", "monitor"), path.join(project, "red"), { recursive: true });
  const waits = path.join(project, "red", "full", "src", "mcp", "tools", "waits.ts");
  writeFileSync(waits, readFileSync(waits, "utf8").replace("const hoursError = validateHoursBack(hours_back);", 'const hoursError = "hours_back is too large.";'));
}, 300_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe("the packed plugin in a fresh project", () => {
  it("ships what the plugin and the CLI need, and nothing of the test suite", () => {
    const installed = path.join(project, "node_modules", "payload-census");
    expect(readdirSync(installed).sort()).toEqual(expect.arrayContaining(["README.md", "dist", "package.json", "rules", "schema"]));
    expect(readdirSync(path.join(installed, "dist"))).not.toContain("test");
    const bin = execFileSync("npx", ["payload-census", "--version"], { cwd: project, encoding: "utf8" }).trim();
    expect(bin).toBe(JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version);
  });

  it("reports nothing on the clean copy of the reference monitor", () => {
    const result = eslint("clean");
    expect(result.files.length).toBeGreaterThan(30);
    expect(result.files.flatMap((f) => f.messages)).toEqual([]);
    expect(result.code).toBe(0);
  });

  it("reports the pass-through on the red copy, where the census puts it, and the floor it drops, and exits 1", () => {
    const result = eslint("red");
    const found = result.files.flatMap((f) =>
      f.messages.map((m) => `${path.relative(project, f.filePath).split(path.sep).join("/")}:${m.line}:${m.column} ${m.ruleId}`),
    );
    expect(found.sort()).toEqual([
      // The reference monitor's floors are its exact counts: one validator pass-through less is below the floor,
      // whose home (the config) ESLint cannot lint, so it is reported on the SKU's helpers module.
      "red/full/src/mcp/helpers.ts:1:1 payload-census/floor",
      "red/full/src/mcp/tools/waits.ts:71:7 payload-census/pass-through-producer",
    ]);
    expect(result.code).toBe(1);
  });
});
