// A program dropcheck cannot start for a reason other than "not installed" (ENOENT) or "not executable" (EACCES), such
// as a system out of processes or file descriptors (EAGAIN, EMFILE, ENFILE), is not a usage error with a false clue: the
// spawn error itself reaches the caller. A process cannot be made to run out of descriptors on cue, so for these tests
// spawn is replaced (on the builtin module, whose ESM bindings syncBuiltinESMExports updates) by one whose child
// reports the error as Node does for those codes: an "error" event before any "close".
import childProcess from "node:child_process";
import { EventEmitter } from "node:events";
import { syncBuiltinESMExports } from "node:module";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repositoryOf } from "../../census/dropcheck/git.js";
import { UsageError } from "../../src/errors.js";

const realSpawn = childProcess.spawn;
let code = "EMFILE";

function failingSpawn(): EventEmitter {
  const child = Object.assign(new EventEmitter(), { stdout: new PassThrough(), stderr: new PassThrough(), stdin: new PassThrough() });
  setImmediate(() => {
    const error: NodeJS.ErrnoException = new Error(`spawn git ${code}`);
    error.code = code;
    child.emit("error", error);
    child.emit("close", null);
  });
  return child;
}

beforeEach(() => {
  childProcess.spawn = failingSpawn as unknown as typeof realSpawn;
  syncBuiltinESMExports();
});
afterEach(() => {
  childProcess.spawn = realSpawn;
  syncBuiltinESMExports();
});

describe("git that cannot be started for want of system resources", () => {
  it.each(["EAGAIN", "EMFILE", "ENFILE"])("%s is passed on as the spawn error, not as a usage error", async (errno) => {
    code = errno;
    const error = await repositoryOf("/").then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(UsageError);
    expect(error).toMatchObject({ code: errno, message: `spawn git ${errno}` });
  });

  it.each([
    ["ENOENT", "git is not installed or not on PATH: dropcheck needs it to read revisions"],
    ["EACCES", "git on PATH cannot be run (permission denied): dropcheck needs it to read revisions"],
  ])("%s is a usage error that says what to do", async (errno, message) => {
    code = errno;
    await expect(repositoryOf("/")).rejects.toThrow(new UsageError(message));
  });
});
