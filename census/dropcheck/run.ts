// `dropcheck`: the census's served descriptions read from two revisions (or a revision and the working tree), then compared.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CONFIG_FILE_NAME, loadConfig } from "../../src/config/load.js";
import { ConfigError, UsageError } from "../../src/errors.js";
import { runCensus } from "../../src/project/census.js";
import { suggestName } from "../args.js";
import { compareRevisions, dropsOk, type RevisionDescriptions } from "./compare.js";
import type { DropcheckResult } from "./format.js";
import { exportRevision, repositoryOf, resolveRevision, type Revision } from "./git.js";
import { inRevision } from "./inRevision.js";
import { slashRelative } from "../../src/paths.js";
import { isDirectory } from "../fileKinds.js";
import type { DescriptionRow } from "../../src/model.js";

export interface DropcheckRequest {
  base: string;
  /** undefined: the working tree as it is. */
  head: string | undefined;
  tools: readonly string[];
  /** As typed, relative to `cwd`. */
  configFile: string | undefined;
  dir: string | undefined;
}

/** One side of a comparison: the census of a revision (or of the working tree). */
export interface Side extends RevisionDescriptions {
  unparsed: string[];
  /** The report's description rows: sizes and tokens per tool. */
  rows: DescriptionRow[];
}

/** Two sides read for a comparison: the config's path in the repository, the revisions, each side's census. */
export interface Sides {
  config: string;
  base: Revision;
  /** null: the working tree as it is. */
  head: Revision | null;
  before: Side;
  after: Side;
}

export async function runDropcheck(request: DropcheckRequest, cwd: string): Promise<DropcheckResult> {
  const { config, base, head, before, after } = await readSides(request, cwd, "dropcheck");
  checkToolNames(request.tools, before, after, base, cwd);
  const tools = compareRevisions(before, after, request.tools);
  return { ok: dropsOk(tools), config, base, head, unparsed: { base: before.unparsed, head: after.unparsed }, tools };
}

/**
 * The census of `base` and of `head` (or the working tree), each revision read with `git archive` into a temporary
 * folder that is removed afterwards: no checkout, the working tree and the index stay as they are. The config is read
 * at the same path, relative to the repository's top level, in both. `command` names the command in messages.
 */
export async function readSides(request: Omit<DropcheckRequest, "tools">, cwd: string, command: string): Promise<Sides> {
  if (!isDirectory(cwd)) throw new UsageError(`the working folder does not exist: ${cwd}`);
  const repo = await repositoryOf(cwd, command);
  const configFile =
    request.configFile !== undefined ? path.resolve(cwd, request.configFile) : path.resolve(cwd, request.dir ?? ".", CONFIG_FILE_NAME);
  // The config's place in the repository: the same path is read in each revision.
  const config = path.posix.normalize(path.posix.join(repo.prefix, slashRelative(cwd, configFile)));
  if (config.startsWith("../") || path.isAbsolute(config)) {
    throw new UsageError(`the config ${slashRelative(cwd, configFile)} is outside the git repository of the working folder`);
  }
  const base = await resolveRevision(cwd, request.base, "--base");
  const head = request.head === undefined ? null : await resolveRevision(cwd, request.head, "--head");

  const scratch = await mkdtemp(path.join(tmpdir(), "payload-census-dropcheck-"));
  let before: Side;
  let after: Side;
  try {
    before = await readRevision(repo.top, base, config, path.join(scratch, "base"), command);
    after = head === null ? readTree(configFile, config) : await readRevision(repo.top, head, config, path.join(scratch, "head"), command);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return { config, base, head, before, after };
}

/** The revision's tree in `dest`, its config loaded there and the census run on it. */
async function readRevision(top: string, revision: Revision, config: string, dest: string, command: string): Promise<Side> {
  await mkdir(dest);
  await exportRevision(top, revision.commit, dest);
  const configFile = path.join(dest, ...config.split("/"));
  if (!existsSync(configFile)) {
    throw new UsageError(`the config ${config} does not exist in ${revision.rev}: ${command} reads the config at the same path in both revisions`);
  }
  try {
    return describe(configFile);
  } catch (error) {
    // The census names files relative to a temporary folder: say `REV:path`, as git does, instead.
    if (error instanceof ConfigError) throw new ConfigError(inRevision(error.message, dest, revision.rev), undefined, error.jsonPath);
    throw error;
  }
}

function readTree(configFile: string, config: string): Side {
  if (!existsSync(configFile)) throw new UsageError(`the config ${config} does not exist in the working tree`);
  return describe(configFile);
}

function describe(configFile: string): Side {
  const result = runCensus(loadConfig({ configFile }));
  return { served: result.served, pointer: result.config.descriptions.pointer, unparsed: result.unparsed, rows: result.report.descriptions };
}

/** A TOOL that the base revision does not have is a typo more often than not: refuse it, saying what is there. */
function checkToolNames(tools: readonly string[], before: Side, after: Side, base: Revision, cwd: string): void {
  const known = [...new Set(before.served.map((s) => s.tool))];
  for (const tool of tools) {
    if (known.includes(tool)) continue;
    let message = `no tool named "${tool}" in ${base.rev}`;
    if (after.served.some((s) => s.tool === tool)) message += ": it is new, there is nothing of it to lose";
    else {
      const near = suggestName(tool, known);
      if (near !== undefined) message += `: did you mean ${near}?`;
    }
    if (isDirectory(path.resolve(cwd, tool))) message += ` (to give DIR, write ./${tool})`;
    throw new UsageError(message);
  }
}
