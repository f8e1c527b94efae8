// A payload-census manifest without a version is not the package's: the walk goes on to the one above.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { readVersion } from "../src/version.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it("passes a manifest of the package's name that has no version", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "payload-census-version-"));
  made.push(dir);
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "payload-census", version: "2.0.0" }));
  mkdirSync(path.join(dir, "copy"));
  writeFileSync(path.join(dir, "copy", "package.json"), JSON.stringify({ name: "payload-census" }));
  expect(readVersion(path.join(dir, "copy"))).toBe("2.0.0");
});
