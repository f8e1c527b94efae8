// kindOf and modifiedAt: what is at a path, in the words a config problem uses.
import { execFileSync } from "node:child_process";
import { mkdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { KIND_NAMES, kindOf, modifiedAt } from "../../src/config/kinds.js";
import { tempDir } from "../properties/trees.js";

describe("kindOf", () => {
  const dir = tempDir("kinds");
  writeFileSync(path.join(dir, "file.ts"), "export {};\n");
  mkdirSync(path.join(dir, "folder"));
  symlinkSync(path.join(dir, "nowhere"), path.join(dir, "dangling"));
  symlinkSync(path.join(dir, "file.ts"), path.join(dir, "link.ts"));
  execFileSync("mkfifo", [path.join(dir, "pipe")]);

  it.each([
    ["file.ts", "file"],
    ["link.ts", "file"],
    ["folder", "folder"],
    ["pipe", "special"],
    ["nothing.ts", "missing"],
    ["dangling", "missing"],
    ["file.ts/below.ts", "missing"],
  ] as const)("%s is %s", (name, kind) => {
    expect(kindOf(path.join(dir, name))).toBe(kind);
  });

  it("names each kind for a message", () => {
    expect(KIND_NAMES).toEqual({ file: "a file", folder: "a folder", special: "a special file (a FIFO, socket or device)", missing: "nothing" });
  });
});

describe("modifiedAt", () => {
  it("the entry's modification time, or undefined when there is none", () => {
    const dir = tempDir("kinds");
    const file = path.join(dir, "file.ts");
    writeFileSync(file, "x");
    expect(modifiedAt(file)).toBe(statSync(file).mtimeMs);
    expect(modifiedAt(path.join(dir, "nothing"))).toBeUndefined();
  });
});
