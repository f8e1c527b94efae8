// A census run with no command word and no DIR in a working folder that is gone (removed under the shell, or an Io
// whose cwd names no folder) says that the folder `.` does not exist, exit 2, as it does when DIR is typed: there is
// no first word to take for a mistyped command.
import { rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { tempDir } from "../properties/trees.js";
import { captureIo } from "./io.js";

const NO_FOLDER = "payload-census: no such folder: . (DIR is the folder holding payload-census.config.json)\n";

function goneFolder(): string {
  const dir = path.join(tempDir("gone-cwd"), "was-here");
  rmSync(dir, { recursive: true, force: true });
  return dir;
}

describe("a working folder that is gone", () => {
  it.each([[[]], [["--format", "json"]], [["--no-cache"]], [["check"]]])("%j: no such folder, exit 2", async (argv) => {
    const io = captureIo(goneFolder());
    expect(await main(argv, io)).toBe(2);
    expect([io.err.join(""), io.out.join("")]).toEqual([NO_FOLDER, ""]);
  });
});
