// Starts the monitor's server as a child process and asks it tools/list over stdio, as most MCP clients run a server.
import { UsageError } from "../../src/errors.js";
import { readVersion } from "../../src/version.js";
import { closeWithin, LATE, within } from "./deadline.js";
import { listUntilQuiet, ToolChanges, type ListedTool, type ListingOptions } from "./listTools.js";
import type { McpSdk } from "./sdk.js";

/** Longer than the SDK's own close (stdin closed, 2 s, SIGTERM, 2 s, SIGKILL): it is the polite path, ours the backstop. */
const CLOSE_MS = 5000;
/** How long a killed child may take to be gone before it is killed harder. */
const EXIT_MS = 1000;
/** Enough of the child's stderr to find the line that says why it failed. */
const STDERR_KEPT = 8192;

/** What the child did that payload-census saw, to say why it does not speak MCP. */
interface Observed {
  exited: boolean;
  /** The first line of its stdout that the transport could not read as a JSON-RPC message, as the parser said it. */
  unreadable: { json: boolean; message: string } | undefined;
  stderr: string;
}

/**
 * Starts `words` (a command and its arguments, `splitCommandLine(line)`: no shell) in `cwd` with `env` (the SDK adds
 * its default variables), connects a Client over the child's stdio, lists every tool once the catalog has settled, and ends the
 * child whatever happened: a graceful close when it served, a SIGTERM at once when it did not, a SIGKILL if it lingers.
 */
export async function listOverStdio(
  line: string,
  words: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
  sdk: McpSdk,
  options: ListingOptions,
): Promise<ListedTool[]> {
  const [command, ...args] = words;
  if (command === undefined) throw new UsageError('--stdio needs the command that starts the server, e.g. --stdio "node dist/server.js"');
  const shown = `--stdio "${line}"`;
  const transport = new (startedTransport(sdk))({ command, args, cwd, env: definedOnly(env), stderr: "pipe" });
  const observed: Observed = { exited: false, unreadable: undefined, stderr: "" };
  let exit!: () => void;
  const exited = new Promise<void>((resolve) => (exit = resolve));
  // Set before connect: the Client chains its own handlers after these.
  transport.onclose = () => {
    observed.exited = true;
    exit();
  };
  transport.onerror = (error) => {
    // Errors of the process and its pipes carry a system code; one without is a line of stdout that did not parse.
    if (observed.unreadable !== undefined || typeof (error as NodeJS.ErrnoException).code === "string") return;
    observed.unreadable = { json: !(error instanceof SyntaxError), message: firstLine(error.message) };
  };
  transport.stderr?.on("data", (chunk: Buffer) => {
    observed.stderr = (observed.stderr + chunk.toString("utf8")).slice(-STDERR_KEPT);
  });

  const client = new sdk.Client({ name: "payload-census", version: readVersion() });
  const changes = ToolChanges.watch(client);
  let served = false;
  try {
    try {
      await client.connect(transport, { timeout: options.timeoutMs });
    } catch (error) {
      throw notMcp(shown, command, error, observed, options.timeoutMs);
    }
    const tools = await listUntilQuiet(client, changes, `the server of ${shown}`, options);
    served = true;
    return tools;
  } finally {
    const pid = transport.startedPid;
    // A command that does not speak MCP gets no grace period: it would only wait for stdin to close.
    if (!served && pid !== undefined && !observed.exited) signal(pid, "SIGTERM");
    await closeWithin(() => client.close(), CLOSE_MS);
    if (pid !== undefined && !observed.exited && (await within(exited, EXIT_MS)) === LATE) signal(pid, "SIGKILL");
  }
}

/** The SDK's transport, remembering the child's pid: the SDK forgets it as soon as its close begins. */
function startedTransport(sdk: McpSdk) {
  return class extends sdk.StdioClientTransport {
    startedPid: number | undefined;
    override async start(): Promise<void> {
      await super.start();
      this.startedPid = this.pid ?? undefined;
    }
  };
}

/** One sentence: the command, what went wrong, and what the child left behind that says why. */
function notMcp(shown: string, command: string, error: unknown, observed: Observed, timeoutMs: number): UsageError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT") return new UsageError(`${shown}: cannot start ${command}: no such command (it runs without a shell: give a program on PATH or a path to one)`);
  if (typeof code === "string") return new UsageError(`${shown}: cannot start ${command}: ${firstLine(messageOf(error))}`);
  const clues: string[] = [];
  if (observed.unreadable !== undefined) {
    clues.push(observed.unreadable.json ? `its stdout is JSON but not JSON-RPC` : `its stdout is not JSON-RPC: ${observed.unreadable.message}`);
  }
  const stderr = telling(observed.stderr);
  if (stderr !== undefined) clues.push(`its stderr says ${JSON.stringify(stderr)}`);
  const why = clues.length === 0 ? "" : ` (${clues.join("; ")})`;
  if (observed.exited) return new UsageError(`${shown} does not speak MCP: it exited before answering initialize${why}`);
  if (code === -32001 || /timed out/i.test(messageOf(error))) {
    return new UsageError(`${shown} does not speak MCP: it did not answer initialize within ${timeoutMs} ms${why} (--timeout MS waits longer)`);
  }
  return new UsageError(`${shown} failed to initialize: ${firstLine(messageOf(error))}${why}`);
}

/** The line of stderr most likely to say why: the first that names an error, else the last (node's version footer aside). */
function telling(stderr: string): string | undefined {
  const lines = stderr.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== "" && !/^Node\.js v\d/.test(l));
  const line = lines.find((l) => /\b\w*(Error|Exception)\b/.test(l)) ?? lines.at(-1);
  return line === undefined ? undefined : shorten(line, 200);
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

function definedOnly(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function firstLine(text: string): string {
  return shorten(text.split(/\r?\n/)[0] ?? "", 200);
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
