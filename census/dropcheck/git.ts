// Reads revisions of the monitor's repository with git, never touching its working tree or index: archive into a temporary folder.
import { spawn } from "node:child_process";
import { UsageError } from "../../src/errors.js";

/** Where the working folder sits in its repository. */
export interface Repository {
  /** Absolute path of the repository's top level, as git prints it. */
  top: string;
  /** The working folder relative to the top level, `/` separators, "" at the top. */
  prefix: string;
}

export interface Revision {
  /** As typed on the command line. */
  rev: string;
  /** The commit it names (40 or 64 hex digits). */
  commit: string;
}

/** The repository of `cwd`; `command` names the command that reads it, in messages. */
export async function repositoryOf(cwd: string, command = "dropcheck"): Promise<Repository> {
  const out = await git(cwd, ["rev-parse", "--show-toplevel", "--show-prefix"]).catch((error: unknown) => {
    if (error instanceof GitFailed) {
      throw new UsageError(`not inside a git repository (${error.detail}): ${command} reads revisions with git, run it from a folder of the repository`);
    }
    throw error;
  });
  const [top = "", prefix = ""] = out.split("\n");
  if (top === "") throw new UsageError(`not inside a git repository's working tree: ${command} compares a revision with the working tree or another revision`);
  return { top, prefix: prefix.replace(/\/$/, "") };
}

/** The commit `rev` names; an unknown revision (or one that is not a commit) is a usage error. */
export async function resolveRevision(cwd: string, rev: string, flag: string): Promise<Revision> {
  // `--end-of-options` is not needed: args.ts refuses a value that starts with "-".
  const commit = await git(cwd, ["rev-parse", "--verify", "--quiet", `${rev}^{commit}`]).catch((error: unknown) => {
    if (error instanceof GitFailed) {
      throw new UsageError(`${flag} ${rev}: unknown revision (git knows no commit by that name here: a branch, tag or commit, e.g. HEAD~1)`);
    }
    throw error;
  });
  return { rev, commit: commit.trim() };
}

/**
 * Writes the tree of `commit` into `dest` (an empty folder): `git archive` piped into `tar -x`. Reads only objects of
 * the repository: no checkout, the working tree and the index stay as they are.
 */
export async function exportRevision(top: string, commit: string, dest: string): Promise<void> {
  // From the top level: run in a subfolder, git archive would write only that subfolder.
  const archive = spawn("git", ["archive", "--format=tar", commit], { cwd: top, stdio: ["ignore", "pipe", "pipe"] });
  const tar = spawn("tar", ["-x", "-f", "-", "-C", dest], { stdio: ["pipe", "ignore", "pipe"] });
  archive.stdout.pipe(tar.stdin);
  // tar closing its input early (it failed) must not crash the process with EPIPE: its exit code says what happened.
  tar.stdin.on("error", () => undefined);
  const [archived, extracted] = await Promise.all([finished(archive, "git"), finished(tar, "tar")]);
  if (archived.code !== 0) throw new UsageError(`git archive ${commit} failed: ${archived.stderr.trim() || `exit ${archived.code}`}`);
  if (extracted.code !== 0) throw new UsageError(`tar could not unpack revision ${commit}: ${extracted.stderr.trim() || `exit ${extracted.code}`}`);
}

/** git exited non-zero: its own words, for the message that replaces them. */
class GitFailed extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}

async function git(cwd: string, args: string[]): Promise<string> {
  const child = spawn("git", args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  const { code, stderr } = await finished(child, "git");
  if (code !== 0) throw new GitFailed(stderr.trim().split("\n")[0] || `git ${args[0]} exited ${code}`);
  return stdout;
}

/** Waits for a child to exit; a program that cannot be started at all (not installed, not executable) is a usage error. */
function finished(child: ReturnType<typeof spawn>, program: string): Promise<{ code: number; stderr: string }> {
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") reject(new UsageError(`${program} is not installed or not on PATH: dropcheck needs it to read revisions`));
      else if (error.code === "EACCES") reject(new UsageError(`${program} on PATH cannot be run (permission denied): dropcheck needs it to read revisions`));
      else reject(error);
    });
    child.on("close", (code) => resolve({ code: code ?? 1, stderr }));
  });
}
