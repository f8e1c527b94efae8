// Finds the MCP SDK's Client and in-memory transport: the monitor's own installation first, then payload-census's.
import { createRequire } from "node:module";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { UsageError } from "../../src/errors.js";

export interface McpSdk {
  Client: typeof Client;
  InMemoryTransport: typeof InMemoryTransport;
}

const CLIENT = "@modelcontextprotocol/sdk/client/index.js";
const IN_MEMORY = "@modelcontextprotocol/sdk/inMemory.js";

/**
 * The SDK as resolved from each of `from` (files or file URLs) in turn. The SDK is an optional peer dependency:
 * the monitor's copy is the one its server is built with, payload-census's own (when installed) the fallback.
 * Loaded through `require` (the SDK ships CommonJS beside ESM): `createRequire` resolves from any folder on every
 * supported Node, where `import.meta.resolve` with a parent needs a flag. The two talk over the transport only, so
 * a client from the CommonJS build serves a server from the ESM one.
 */
export function loadSdk(from: readonly (string | URL)[]): McpSdk {
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
    const { Client } = require(CLIENT) as { Client: typeof import("@modelcontextprotocol/sdk/client/index.js").Client };
    const { InMemoryTransport } = require(IN_MEMORY) as { InMemoryTransport: typeof import("@modelcontextprotocol/sdk/inMemory.js").InMemoryTransport };
    return { Client, InMemoryTransport };
  }
  throw new UsageError(
    "@modelcontextprotocol/sdk is not installed, neither beside MODULE nor beside payload-census: install it in the monitor (npm install @modelcontextprotocol/sdk); descriptions --serve lists the tools with its Client",
  );
}

function codeOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}
