// A program dropcheck cannot start for a reason other than "not installed" (ENOENT) or "not executable" (EACCES), such
// as a system out of processes or file descriptors (EAGAIN, EMFILE, ENFILE), is not a usage error with a false clue: the
// spawn error itself reaches the caller. A process cannot be made to run out of descriptors on cue, so spawn is replaced
// by one whose child reports the error as Node does, as an "error" event before any "close".
import { EventEmitter } from "node:events";
import { PassThrough } from "node:stream";
import { describe, expect, it, vi } from "vitest";

const code = vi.hoisted(() => ({ value: "EMFILE" }));

vi.mock("node:child_process", () => ({
  spawn: () => {
    const child = Object.assign(new EventEmitter(), { stdout: new PassThrough(), stderr: new PassThrough(), stdin: new PassThrough() });
    setImmediate(() => {
      const error: NodeJS.ErrnoException = new Error(`spawn git ${code.value}`);
      error.code = code.value;
      child.emit("error", error);
      child.emit("close", null);
    });
    return child;
  },
}));

const { repositoryOf } = await import("../../census/dropcheck/git.js");
const { UsageError } = await import("../../src/errors.js");

describe("git that cannot be started for want of system resources", () => {
  it.each(["EAGAIN", "EMFILE", "ENFILE"])("%s is passed on as the spawn error, not as a usage error", async (errno) => {
    code.value = errno;
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
    code.value = errno;
    await expect(repositoryOf("/")).rejects.toThrow(new UsageError(message));
  });
});
