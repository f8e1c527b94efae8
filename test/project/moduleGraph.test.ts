// The module graph's answers when a module it reaches has no facts (a file that exists but cannot be read, such as one
// its user may not open), and for a namespace import followed as a name, on a store of hand-written facts.
import { describe, expect, it } from "vitest";
import type { FileFacts } from "../../src/facts/types.js";
import type { FactStore } from "../../src/project/factStore.js";
import { ModuleGraph } from "../../src/project/modules.js";

/** A store whose files are `facts` (a file mapped to undefined exists but cannot be read); no "paths" aliases. */
function graphOf(facts: Record<string, Partial<FileFacts> | undefined>): ModuleGraph {
  const store = {
    exists: (file: string) => file in facts,
    get: (file: string) => {
      const f = facts[file];
      return { facts: f === undefined ? undefined : ({ parseErrors: [], imports: {}, exports: [], ...f } as FileFacts) };
    },
    aliases: { candidates: () => [] },
  };
  return new ModuleGraph(store as unknown as FactStore, (file) => file.slice(1));
}

describe("a module that exists but cannot be read", () => {
  const graph = graphOf({
    "/src/index.ts": { exports: [{ name: "validateTop", from: "./locked.js", importName: "validateTop" }, { star: "./locked.js" }] },
    "/src/locked.ts": undefined,
  });

  it("following a name into it says it cannot be read", () => {
    expect(graph.followExport("/src/index.ts", "validateTop")).toEqual({
      ok: false,
      why: "src/locked.ts cannot be read",
      hops: [
        { file: "/src/index.ts", name: "validateTop" },
        { file: "/src/locked.ts", name: "validateTop" },
      ],
    });
  });

  it("listing its names through `export *` says it cannot be read", () => {
    expect(graph.exportNames("/src/index.ts")).toEqual({ why: "src/locked.ts cannot be read" });
  });

  it("a function of the file itself is followed to itself, with no export hops", () => {
    expect(graph.followCallee("/src/locked.ts", { k: "local", name: "validateTop" })).toEqual({ ok: true, file: "/src/locked.ts", local: "validateTop", hops: [] });
  });
});

it("a namespace import followed as a name is a whole module object, not a function", () => {
  const graph = graphOf({ "/src/v.ts": { exports: [{ name: "validateTop", local: "validateTop" }] } });
  expect(graph.followImport("/src/server.ts", "./v.js", "*")).toEqual({
    ok: false,
    why: "`./v.js` is imported as a whole module object, not a function",
    hops: [],
  });
});
