// The package's version, found by walking up from a folder past other manifests (another package's, one without a
// version); a folder outside the package says which package it missed.
import { mkdtempSync, rmSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { readVersion } from "../src/version.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it("walks up past other packages' manifests to payload-census's own", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "payload-census-version-"));
  made.push(dir);
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "payload-census", version: "9.8.7" }));
  mkdirSync(path.join(dir, "node_modules", "other", "lib"), { recursive: true });
  writeFileSync(path.join(dir, "node_modules", "other", "package.json"), JSON.stringify({ name: "other", version: "1.0.0" }));
  writeFileSync(path.join(dir, "node_modules", "package.json"), "{ not json");
  expect(readVersion(path.join(dir, "node_modules", "other", "lib"))).toBe("9.8.7");
});

it("says which package it did not find above a folder outside it", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "payload-census-version-"));
  made.push(dir);
  expect(() => readVersion(dir)).toThrow(`package.json of payload-census not found above ${dir}`);
});

it("passes a manifest of the package's name that has no version", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "payload-census-version-"));
  made.push(dir);
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "payload-census", version: "2.0.0" }));
  mkdirSync(path.join(dir, "copy"));
  writeFileSync(path.join(dir, "copy", "package.json"), JSON.stringify({ name: "payload-census" }));
  expect(readVersion(path.join(dir, "copy"))).toBe("2.0.0");
});
