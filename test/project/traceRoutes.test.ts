// The routes of one tool as `payload-census routes TOOL` reads them (src/project/traceRoutes.ts): the words its head and
// its tail name, those it never returns, those it returns unnamed, and every tool the census knows, in order.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { traceRoutes } from "../../src/project/traceRoutes.js";

const fixture = (dir: string) => loadConfig({ dir: fileURLToPath(new URL(`../../fixtures/${dir}`, import.meta.url)) });
const summary = (dir: string, tool: string) =>
  traceRoutes(fixture(dir), tool).definitions.map((d) => ({ routes: d.routes, named: d.named, unreturned: d.unreturned, unmentioned: d.unmentioned }));

describe("a tool's routes against its description", () => {
  it("reads the words its guide tail names, and calls one it never returns unreturned", () => {
    expect(summary("red/status-route/tail-names-not-found", "get_wait_stats")).toEqual([
      { routes: ["invalid", "error"], named: ["not_found"], unreturned: ["not_found"], unmentioned: ["invalid", "error"] },
    ]);
  });

  it("has nothing unreturned or unmentioned when the description names every route", () => {
    expect(summary("near-miss/status-route/routes-all-said", "get_wait_stats")).toEqual([
      { routes: ["invalid", "error"], named: ["invalid", "error"], unreturned: [], unmentioned: [] },
    ]);
  });

  it("leaves a plain-text answer out of the words a description never names", () => {
    expect(summary("red/bare-sentence-roster/adapter-wrapped", "get_plan_summary")).toEqual([
      { routes: ["text"], named: [], unreturned: [], unmentioned: [] },
    ]);
  });

  it("calls nothing unreturned when it cannot see every route, though the description names a word", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "payload-census-routes-"));
    try {
      cpSync(fileURLToPath(new URL("../../fixtures/red/hand-built-status/reflect-apply", import.meta.url)), dir, { recursive: true });
      const tool = path.join(dir, "src", "tools", "top.ts");
      writeFileSync(tool, readFileSync(tool, "utf8").replace("Lists the most expensive queries.", "Lists the most expensive queries; status invalid for a bad limit."));
      const [d] = traceRoutes(loadConfig({ dir }), "get_top_queries").definitions;
      expect(d!.unseen).not.toBeNull();
      expect(d!.named).toEqual(["invalid"]);
      expect(d!.unreturned).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("knows no definition of a tool the census has not seen, and names every tool it has, sorted", () => {
    const trace = traceRoutes(fixture("monitor"), "no_such_tool");
    expect(trace.definitions).toEqual([]);
    expect(trace.tools.length).toBeGreaterThan(10);
    expect(trace.tools).toEqual([...trace.tools].sort());
    expect(new Set(trace.tools).size).toBe(trace.tools.length);
  });
});
