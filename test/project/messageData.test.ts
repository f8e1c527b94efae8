// Findings' data as their templates receive it: a list of allowed words, and an optional second fix.
import { describe, expect, it } from "vitest";
import { messages, render } from "../../src/project/messages.js";

describe("messages", () => {
  it("lists every word an allow-listed producer may build, quoted, apart by commas", () => {
    expect(messages.notAllowed("ping", "legacyStatus", "error", ["invalid", "no_data"]).data.allowed).toBe('"invalid", "no_data"');
  });

  it("offers a second fix for a tool without a name only when there is one", () => {
    expect(messages.toolUnnamed("its name is built at run time", "name it in discovery").data.fix).toBe(", or name it in discovery");
    expect(messages.toolUnnamed("its name is built at run time").data.fix).toBe("");
    expect(render(messages.toolUnnamed("its name is built at run time", "name it in discovery"))).toContain(", or name it in discovery");
  });
});
