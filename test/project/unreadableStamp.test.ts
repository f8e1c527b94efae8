// A file that can be listed but not read is remembered with its stamp, as a read file is: while the disk does not
// change, revalidating the store finds nothing to drop, so an editor's next lint does not read it again. Linux's
// /proc/self/mem, reached through a link in the monitor, stands in for it: a regular file whose read fails (EIO).
import { symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf, FactStore } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";
import { tempDir } from "../properties/trees.js";

describe("a file that cannot be read", () => {
  it.skipIf(process.platform !== "linux")("keeps its stamp: an unchanged disk is no change", () => {
    const link = path.join(tempDir("unreadable-stamp"), "tool.ts");
    symlinkSync("/proc/self/mem", link);
    const store = new FactStore(extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR })), { extract: extractFileFacts });
    const stored = store.get(link);
    expect([stored.facts, stored.readError]).toEqual([undefined, expect.stringContaining("EIO")]);
    expect(store.revalidate()).toBe(false);
  });
});
