// Finds the MCP SDK's Client and its transports: the monitor's own installation first, then payload-census's.
import { createRequire } from "node:module";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { UsageError } from "../../src/errors.js";

export interface McpSdk {
  Client: typeof Client;
  InMemoryTransport: typeof InMemoryTransport;
  StdioClientTransport: typeof StdioClientTransport;
}

const CLIENT = "@modelcontextprotocol/sdk/client/index.js";
const IN_MEMORY = "@modelcontextprotocol/sdk/inMemory.js";
const STDIO = "@modelcontextprotocol/sdk/client/stdio.js";

/**
 * The SDK as resolved from each of `from` (files or file URLs) in turn. The SDK is an optional peer dependency:
 * the monitor's copy is the one its server is built with, payload-census's own (when installed) the fallback.
 * Loaded through `require` (the SDK ships CommonJS beside ESM): `createRequire` resolves from any folder on every
 * supported Node, where `import.meta.resolve` with a parent needs a flag. The two talk over the transport only, so
 * a client from the CommonJS build serves a server from the ESM one. `near` names the first place in the message
 * given when no place has the SDK.
 */
export function loadSdk(from: readonly (string | URL)[], near = "MODULE"): McpSdk {
  for (const base of from) {
    const require = createRequire(base);
    try {
      require.resolve(CLIENT);
    } catch (error) {
      if (codeOf(error) === "MODULE_NOT_FOUND") continue;
      if (codeOf(error) === "ERR_PACKAGE_PATH_NOT_EXPORTED") {
        throw new UsageError(`the @modelcontextprotocol/sdk found from ${String(base)} has no client/index.js: install version 1.10 or later`);
      }
      throw error;
    }
    const { Client } = require(CLIENT) as { Client: McpSdk["Client"] };
    const { InMemoryTransport } = require(IN_MEMORY) as { InMemoryTransport: McpSdk["InMemoryTransport"] };
    const { StdioClientTransport } = require(STDIO) as { StdioClientTransport: McpSdk["StdioClientTransport"] };
    return { Client, InMemoryTransport, StdioClientTransport };
  }
  throw new UsageError(
    `@modelcontextprotocol/sdk is not installed, neither beside ${near} nor beside payload-census: install it in the monitor (npm install @modelcontextprotocol/sdk); descriptions --serve and --stdio list the tools with its Client`,
  );
}

function codeOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}
