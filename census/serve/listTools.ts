// Runs the monitor's server factory in-process and asks it tools/list through a real MCP client: this executes the monitor's code.
import { pathToFileURL } from "node:url";
import { UsageError } from "../../src/errors.js";
import { readVersion } from "../../src/version.js";
import type { McpSdk } from "./sdk.js";

/** One tool as a live server's tools/list named it (not the census's static view: that is ServedDescription). */
export interface ListedTool {
  tool: string;
  /** The description tools/list sends; "" when it sends none (the census reads a missing description as ""). */
  description: string;
}

/** What a factory must give back: an McpServer, or the SDK's low-level Server; both connect to a transport. */
interface Connectable {
  connect(transport: unknown): Promise<void>;
  close?(): Promise<void>;
}

/** Pages tools/list follows at most: a server that hands out cursors for ever must not hang the command. */
const MAX_PAGES = 10_000;

/**
 * Imports `moduleFile` (absolute), calls its factory (`createServer`, else the default export; it may be async),
 * connects a Client over a linked in-memory pair, lists every tool following `nextCursor`, and closes both ends.
 * `shown` is the module as the user typed it, for messages.
 */
export async function listServedTools(moduleFile: string, shown: string, sdk: McpSdk): Promise<ListedTool[]> {
  let exports: Record<string, unknown>;
  try {
    exports = (await import(pathToFileURL(moduleFile).href)) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(`cannot import ${shown}: ${describeError(error)}`);
  }
  const factory = typeof exports.createServer === "function" ? exports.createServer : exports.default;
  const factoryName = typeof exports.createServer === "function" ? "createServer()" : "its default export";
  if (typeof factory !== "function") {
    throw new UsageError(`${shown} exports no server factory: export a function createServer (or a default export) that returns an McpServer`);
  }
  let server: unknown;
  try {
    server = await (factory as () => unknown)();
  } catch (error) {
    throw new UsageError(`${factoryName} of ${shown} threw: ${describeError(error)}`);
  }
  if (!isConnectable(server)) {
    throw new UsageError(`${factoryName} of ${shown} did not return an MCP server (an object with connect(transport)), so its tools cannot be listed`);
  }

  const [clientSide, serverSide] = sdk.InMemoryTransport.createLinkedPair();
  const client = new sdk.Client({ name: "payload-census", version: readVersion() });
  try {
    await server.connect(serverSide);
    await client.connect(clientSide);
    const tools: ListedTool[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await client.listTools(cursor === undefined ? undefined : { cursor });
      for (const t of result.tools) tools.push({ tool: t.name, description: t.description ?? "" });
      cursor = result.nextCursor;
      if (cursor === undefined) return tools;
      if (seen.has(cursor)) throw new UsageError(`${shown}'s server repeats the tools/list cursor ${JSON.stringify(cursor)}: its pagination never ends`);
      seen.add(cursor);
    }
    throw new UsageError(`${shown}'s server still hands out tools/list cursors after ${MAX_PAGES} pages`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${shown}'s server did not answer tools/list: ${describeError(error)}`);
  } finally {
    // Both ends, whatever happened: an open server keeps the process alive after the report.
    await quietly(() => client.close());
    await quietly(() => server.close?.());
  }
}

/** Closing is best effort: a close that fails must not hide the answer (or the error) already in hand. */
async function quietly(close: () => Promise<void> | undefined): Promise<void> {
  try {
    await close();
  } catch {
    // nothing to do: the connection is going away either way
  }
}

function isConnectable(value: unknown): value is Connectable {
  return typeof value === "object" && value !== null && typeof (value as Connectable).connect === "function";
}

/** The monitor's own error, with its stack: the fault is in its code, and the stack says where. */
function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}
