// The command a fresh clone gets from `npm ci`: the built bin runs by itself, as npx and package managers run it.
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string; bin: Record<string, string> };
const bin = path.join(root, manifest.bin["payload-census"]!);

describe("the payload-census bin", () => {
  it("is executable, starts with a node shebang, and runs without naming node", () => {
    expect(statSync(bin).mode & 0o111).not.toBe(0);
    expect(readFileSync(bin, "utf8").split("\n")[0]).toBe("#!/usr/bin/env node");
    expect(execFileSync(bin, ["--version"], { encoding: "utf8" }).trim()).toBe(manifest.version);
  });

  it("runs through npx from the project, as the README's quick start does", () => {
    expect(execFileSync("npx", ["--no-install", "payload-census", "--version"], { cwd: root, encoding: "utf8" }).trim()).toBe(manifest.version);
  });
});
