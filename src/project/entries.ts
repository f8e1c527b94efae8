// A tool's whole tools/list entry as a client receives it: the text whose tokens the entry costs.
import type { InputSchema } from "./inputSchema.js";

/**
 * `{"name","description","inputSchema"}` as compact JSON, keys in the order the SDK sends them; no description key
 * when the tool gives none. Title, annotations and `_meta` are not counted (the census does not read them): the
 * same three keys `descriptions --serve` counts of the running server's entry.
 */
export function entryText(name: string, description: string | null, input: InputSchema): { known: true; text: string } | { known: false; why: string } {
  if (!input.known) return { known: false, why: `the census cannot see its input schema: ${input.why}` };
  return { known: true, text: servedEntryText({ name, description: description ?? undefined, inputSchema: input.schema }) };
}

/** The counted part of an entry, from whichever side has it (the census's estimate, a running server's listing). */
export function servedEntryText(entry: { name: string; description?: string | undefined; inputSchema: unknown }): string {
  return JSON.stringify({ name: entry.name, description: entry.description, inputSchema: entry.inputSchema });
}
