// What the census says when the file system refuses a read: the shared words (src/fsErrors.ts) for each error code,
// and where they reach a user — a config or roster that cannot be read, a tool glob whose walk fails.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_FILE_NAME, loadConfig, loadRoster } from "../../src/config/load.js";
import type { ResolvedConfig } from "../../src/config/types.js";
import { ConfigError } from "../../src/errors.js";
import { readFailure } from "../../src/fsErrors.js";
import { MONITOR_FILES, shown, tempTree } from "./tempTree.js";

/** An error as node:fs throws it. */
function fsError(code: string | undefined, message = `${code}: something, open 'x'`): NodeJS.ErrnoException {
  return Object.assign(new Error(message), code === undefined ? {} : { code });
}

describe("readFailure: the words for each code", () => {
  it.each([
    ["ENOENT", "no such file"],
    ["EISDIR", "it is a folder"],
    ["ENOTDIR", "a part of its path is a file, not a folder"],
    ["EACCES", "permission denied"],
    ["EPERM", "permission denied"],
    ["ELOOP", "too many levels of symbolic links"],
    ["ENAMETOOLONG", "a path is too long"],
    ["EMFILE", "too many open files"],
    ["ENFILE", "too many open files"],
  ])("%s: %s", (code, words) => {
    expect(readFailure(fsError(code))).toBe(words);
  });

  it("a rarer code is named as it is; an error without one by its message; anything else as text", () => {
    expect(readFailure(fsError("EIO"))).toBe("EIO");
    expect(readFailure(fsError(undefined, "the disk went away"))).toBe("the disk went away");
    expect(readFailure("a string thrown")).toBe("a string thrown");
    expect(readFailure(undefined)).toBe("undefined");
    expect(readFailure(null)).toBe("null");
  });
});

const CONFIG = (tools: string[]) =>
  `${JSON.stringify({ skus: [{ name: "full", root: "full", helpers: "src/mcp/helpers.ts", producers: [{ module: "src/mcp/helpers.ts", category: "validator" }], tools }] }, null, 2)}\n`;

/** The ConfigError loading `text` beside the two-SKU monitor's sources throws. */
function refusal(tools: string[]): ConfigError {
  const dir = tempTree({ ...MONITOR_FILES, [CONFIG_FILE_NAME]: CONFIG(tools) });
  try {
    loadConfig({ dir });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("the config loaded");
}

describe("a tool glob whose walk fails: the glob, the words and the path", () => {
  it("a glob through a file (ENOTDIR)", () => {
    const error = refusal(["src/mcp/tools/**/*.ts", "src/mcp/helpers.ts/*.ts"]);
    const root = join(error.file!, "..", "full");
    expect(error.message.split("\n").slice(1)).toEqual([
      expect.stringMatching(
        new RegExp(
          `:\\d+:\\d+  skus\\[0\\]\\.tools\\[1\\]: glob "src/mcp/helpers\\.ts/\\*\\.ts" cannot be expanded: a part of its path is a file, not a folder \\(${shown(join(root, "src/mcp/helpers.ts")).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\)$`,
        ),
      ),
    ]);
  });

  it("a folder name longer than the file system allows (ENAMETOOLONG)", () => {
    const long = "x".repeat(300);
    const error = refusal(["src/mcp/tools/**/*.ts", `src/${long}/*.ts`]);
    const lines = error.message.split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`skus[0].tools[1]: glob "src/${long}/*.ts" cannot be expanded: a path is too long (`);
    expect(lines[1]!.endsWith(`${long})`)).toBe(true);
  });
});

describe("a config or roster path that cannot be read", () => {
  it("a config path through a file: the words, not the code", () => {
    const dir = tempTree({ ...MONITOR_FILES, "plain.txt": "not a folder\n" });
    const file = join(dir, "plain.txt", CONFIG_FILE_NAME);
    expect(() => loadConfig({ configFile: file })).toThrow(`Cannot read config file ${shown(file)}: a part of its path is a file, not a folder`);
  });

  it("a roster path that is a folder", () => {
    const dir = tempTree({});
    mkdirSync(join(dir, "roster.json"));
    let caught: unknown;
    try {
      loadRoster({ roster: join(dir, "roster.json") } as ResolvedConfig);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).message).toBe(`Cannot read roster file ${shown(join(dir, "roster.json"))}: it is a folder`);
    expect((caught as ConfigError).file).toBe(join(dir, "roster.json"));
  });
});
