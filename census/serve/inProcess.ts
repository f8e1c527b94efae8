// Runs the monitor's server factory in-process and asks it tools/list through a real MCP client: this executes the monitor's code.
import { pathToFileURL } from "node:url";
import { UsageError } from "../../src/errors.js";
import { readVersion } from "../../src/version.js";
import { closeWithin, LATE, within } from "./deadline.js";
import { describeError, listUntilQuiet, ToolChanges, type ListedTool, type ListingOptions } from "./listTools.js";
import type { McpSdk } from "./sdk.js";

/** An McpServer, or the SDK's low-level Server: both connect to a transport. */
interface Connectable {
  connect(transport: unknown): Promise<void>;
  close?(): Promise<void>;
}

/** What a factory gives back: the server itself, or the server and what to run once it is done with. */
interface Served {
  server: Connectable;
  cleanup: (() => unknown) | undefined;
}

/** The SDK's low-level Server, as far as payload-census touches it: the callback run once the client's `initialized` is handled. */
interface LowLevelServer {
  oninitialized?: (() => unknown) | undefined;
  setNotificationHandler: unknown;
  getClientCapabilities: unknown;
}

export interface InProcessOptions extends ListingOptions {
  /** The longest wait for each of the client's close, the server's close and the factory's cleanup. */
  closeMs: number;
}

/** A close that takes longer is the server's own business: the report is in hand, and the CLI exits without it. */
export const CLOSE_MS = 1000;

/**
 * Imports `moduleFile` (absolute), calls its factory (`createServer`, else the default export; it may be async),
 * connects a Client over a linked in-memory pair, lists every tool once the catalog has settled, then closes both
 * ends and runs the factory's cleanup, each close bounded. `shown` is the module as the user typed it, for messages.
 */
export async function listInProcess(moduleFile: string, shown: string, sdk: McpSdk, options: InProcessOptions): Promise<ListedTool[]> {
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
  let made: unknown;
  try {
    made = await within(Promise.resolve((factory as () => unknown)()), options.timeoutMs);
  } catch (error) {
    throw new UsageError(`${factoryName} of ${shown} threw: ${describeError(error)}`);
  }
  if (made === LATE) throw new UsageError(`${factoryName} of ${shown} did not return within ${options.timeoutMs} ms (--timeout MS waits longer)`);
  const served = servedBy(made);
  if (served === undefined) {
    const cleanup = (made as { cleanup?: unknown } | null)?.cleanup;
    if (typeof cleanup === "function") await closeWithin(() => cleanup.call(made), options.closeMs);
    throw new UsageError(
      `${factoryName} of ${shown} did not return an MCP server (an object with connect(transport)) or { server, cleanup } holding one, so its tools cannot be listed`,
    );
  }
  try {
    return await listConnected(served.server, shown, sdk, options);
  } finally {
    // After the server's close: a cleanup typically ends what the server used (a pool, a timer).
    if (served.cleanup !== undefined) await closeWithin(served.cleanup, options.closeMs);
  }
}

async function listConnected(server: Connectable, shown: string, sdk: McpSdk, options: InProcessOptions): Promise<ListedTool[]> {
  const who = `${shown}'s server`;
  const [clientSide, serverSide] = sdk.InMemoryTransport.createLinkedPair();
  const client = new sdk.Client({ name: "payload-census", version: readVersion() });
  const changes = ToolChanges.watch(client);
  try {
    const connected = await within(server.connect(serverSide), options.timeoutMs).catch((error: unknown) => {
      throw new UsageError(`${who} cannot connect to a transport: ${describeError(error)}`);
    });
    if (connected === LATE) throw new UsageError(`${who} did not finish connect(transport) within ${options.timeoutMs} ms`);
    // Hooked after connect, where the server's own set-up is done, and before the client can send `initialized`.
    const initialized = afterInitialized(server);
    try {
      await client.connect(clientSide, { timeout: options.timeoutMs });
    } catch (error) {
      throw new UsageError(`${who} did not answer initialize: ${describeError(error)}`);
    }
    if (initialized !== undefined) {
      const handled = await within(initialized, options.timeoutMs).catch((error: unknown) => {
        throw new UsageError(`${who}'s oninitialized threw: ${describeError(error)}`);
      });
      if (handled === LATE) throw new UsageError(`${who}'s oninitialized did not finish within ${options.timeoutMs} ms`);
    }
    return await listUntilQuiet(client, changes, who, options);
  } finally {
    // Both ends, whatever happened, each bounded: an open server keeps the process alive after the report, and a
    // close that never resolves must not keep the report from being printed.
    await closeWithin(() => client.close(), options.closeMs);
    await closeWithin(() => (server.close === undefined ? serverSide.close() : server.close()), options.closeMs);
  }
}

/**
 * Settles once the server has handled the client's `initialized` notification and run its `oninitialized` to the end
 * (awaited when it returns a promise): a server may register tools there, as a real client would then see them.
 * Undefined for a server that is not the SDK's (it has no such callback to wait for).
 */
function afterInitialized(server: Connectable): Promise<void> | undefined {
  const low = lowLevelOf(server);
  if (low === undefined) return undefined;
  const own = low.oninitialized;
  return new Promise<void>((resolve, reject) => {
    low.oninitialized = () => {
      low.oninitialized = own;
      try {
        Promise.resolve(own?.call(low)).then(() => resolve(), reject);
      } catch (error) {
        reject(error);
      }
    };
  });
}

/** The SDK's low-level Server: the server itself, or an McpServer's `.server`. */
function lowLevelOf(server: Connectable): LowLevelServer | undefined {
  for (const candidate of [server, (server as { server?: unknown }).server]) {
    if (isLowLevel(candidate)) return candidate;
  }
  return undefined;
}

function isLowLevel(value: unknown): value is LowLevelServer {
  if (typeof value !== "object" || value === null) return false;
  const v = value as LowLevelServer;
  return typeof v.setNotificationHandler === "function" && typeof v.getClientCapabilities === "function";
}

function servedBy(made: unknown): Served | undefined {
  if (isConnectable(made)) return { server: made, cleanup: undefined };
  if (typeof made !== "object" || made === null) return undefined;
  const { server, cleanup } = made as { server?: unknown; cleanup?: unknown };
  if (!isConnectable(server)) return undefined;
  return { server, cleanup: typeof cleanup === "function" ? () => (cleanup as () => unknown).call(made) : undefined };
}

function isConnectable(value: unknown): value is Connectable {
  return typeof value === "object" && value !== null && typeof (value as Connectable).connect === "function";
}
