// Lists a connected server's tools as a client sees them: every page, and again on each tools/list_changed until quiet.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UsageError } from "../../src/errors.js";
import { servedEntryText } from "../../src/project/entries.js";

/** One tool as a live server's tools/list named it (not the census's static view: that is ServedDescription). */
export interface ListedTool {
  tool: string;
  /** The description tools/list sends; "" when it sends none (the census reads a missing description as ""). */
  description: string;
  /** The counted part of the entry tools/list sends: `{"name","description","inputSchema"}` as compact JSON. */
  entry: string;
}

export interface ListingOptions {
  /** The longest wait for one answer of the server's (initialize, a tools/list page), in milliseconds. */
  timeoutMs: number;
  /** After a listing, how long a server may stay silent before its catalog counts as settled. */
  quietMs: number;
  /** The most listings: a server that announces changes for ever must not hang the command. */
  maxRounds: number;
}

/** A server still registering tools after start-up announces it within a few event-loop turns, not seconds. */
export const QUIET_MS = 150;
export const MAX_ROUNDS = 20;
export const TIMEOUT_MS = 10_000;

/** Pages tools/list follows at most: a server that hands out cursors for ever must not hang the command. */
const MAX_PAGES = 10_000;

const TOOLS_CHANGED = "notifications/tools/list_changed";

/** The tools/list_changed notifications one client has received, made per connection before it connects. */
export class ToolChanges {
  private count = 0;
  private wake: (() => void) | undefined;

  /**
   * Counts `client`'s tools/list_changed notifications from now on. Through the fallback handler rather than a
   * schema-keyed one: the notification's schema would have to come from the same copy of the SDK as the client,
   * the fallback needs none.
   */
  static watch(client: Client): ToolChanges {
    const changes = new ToolChanges();
    const previous = client.fallbackNotificationHandler;
    client.fallbackNotificationHandler = async (notification) => {
      if (notification.method === TOOLS_CHANGED) changes.note();
      await previous?.(notification);
    };
    return changes;
  }

  /** How many have come so far: a listing remembers it, to tell whether a change came while it ran. */
  seen(): number {
    return this.count;
  }

  /** Whether a change has come since `since`, waiting up to `ms` for one. */
  async since(since: number, ms: number): Promise<boolean> {
    if (this.count > since) return true;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      this.wake = resolve;
    });
    clearTimeout(timer);
    this.wake = undefined;
    return this.count > since;
  }

  private note(): void {
    this.count++;
    this.wake?.();
  }
}

/**
 * The server's catalog once it has settled: lists every page, then waits `quietMs` for a tools/list_changed; on one
 * (or on one that came during the listing) lists again, until a quiet period passes or `maxRounds` listings are done,
 * and gives the last listing. `who` names the server in messages ("dist/server.js's server").
 */
export async function listUntilQuiet(client: Client, changes: ToolChanges, who: string, options: ListingOptions): Promise<ListedTool[]> {
  let tools: ListedTool[] = [];
  for (let round = 0; round < options.maxRounds; round++) {
    const before = changes.seen();
    tools = await listOnce(client, who, options.timeoutMs);
    if (!(await changes.since(before, options.quietMs))) break;
  }
  return tools;
}

/** One listing, every page, following `nextCursor`. */
async function listOnce(client: Client, who: string, timeoutMs: number): Promise<ListedTool[]> {
  const tools: ListedTool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    let result: Awaited<ReturnType<Client["listTools"]>>;
    try {
      result = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: timeoutMs });
    } catch (error) {
      throw new UsageError(`${who} did not answer tools/list: ${describeError(error)}`);
    }
    for (const t of result.tools) tools.push({ tool: t.name, description: t.description ?? "", entry: servedEntryText(t) });
    cursor = result.nextCursor;
    if (cursor === undefined) return tools;
    if (seen.has(cursor)) throw new UsageError(`${who} repeats the tools/list cursor ${JSON.stringify(cursor)}: its pagination never ends`);
    seen.add(cursor);
  }
  throw new UsageError(`${who} still hands out tools/list cursors after ${MAX_PAGES} pages`);
}

/** The monitor's own error, with its stack: the fault is in its code, and the stack says where. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}
