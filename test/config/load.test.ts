// loadConfig on valid configs: paths made absolute, globs expanded, defaults applied, lines of keys found.
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_FILE_NAME, loadConfig } from "../../src/config/load.js";
import { MONITOR_FILES, tempTree } from "./tempTree.js";

// The SPEC §3 example, written as users write tsconfig.json: comments, trailing commas, keys in their own order.
const FULL_CONFIG = `{
  "$schema": "./node_modules/payload-census/schema/config.schema.json",
  "skus": [
    {
      "name": "full",
      "root": "full",
      "helpers": "src/mcp/helpers.ts", // holds status / formatError / refusal
      "producers": [
        { "module": "src/mcp/helpers.ts", "category": "validator",
          "names": ["validate*", "resolveAsOf"] },
        { "module": "src/mcp/serverResolver.ts", "category": "resolver" },
        { "module": "src/mcp/gates.ts", "category": "gate" },
      ],
      "tools": [
        "src/mcp/tools/**/*.ts",
        "src/mcp/tools/waits.ts",
        "src/mcp/extra/*.ts"
      ],
      "guide": "src/mcp/toolGuide.ts",
      "instructions": "src/mcp/instructions.ts"
    },
    {
      "name": "lite",
      "root": "./lite/",
      "helpers": "src/helpers.ts",
      "producers": [],
      "tools": ["src/**/*.ts", "!src/helpers.ts"]
    }
  ],
  /* the contract, spelt out */
  "contract": {
    "builder": "envelope", "failure": "fail", "refusal": "refuse",
    "words": { "failure": "fault", "refusal": "bad_request",
               "other": ["no_data", "not_found"] },
    "allow": [ { "callee": "outcome", "words": ["bad_request"] } ]
  },
  "carriers": ["parseHealth*"],
  "discovery": { "register": ["registerTool"], "adapters": ["textTool"],
                 "definers": ["defineTool", "defineWriteTool"], "bodyKey": "handler" },
  "roster": "config/roster.json",
  "floors": {
    "passThroughs.validator": 210,
    "passThroughs.total": 460,
    "files": 0
  },
  "descriptions": { "cap": 1024, "caps": { "get_wait_stats": 700 },
                    "total": 200000, "pointer": "See get_tool_guide.",
                    "pins": { "run_custom_view_panel": ["with no 'status' field on success"] },
                    "clientLimits": [128], "tokenCap": 400, "tokenTotal": 20000, "routes": "all" },
  "parity": [ { "name": "refusal-paragraph", "text": "A refusal names the parameter." } ],
}
`;

/** 1-based line of the only line of `text` that contains `snippet`. */
function lineWith(text: string, snippet: string): number {
  const lines = text.split("\n");
  const hits = lines.flatMap((l, i) => (l.includes(snippet) ? [i + 1] : []));
  expect(hits, `exactly one line contains ${snippet}`).toHaveLength(1);
  return hits[0] as number;
}

describe("loadConfig: a full config", () => {
  it("resolves every path, glob and value", () => {
    const dir = tempTree({ ...MONITOR_FILES, [CONFIG_FILE_NAME]: FULL_CONFIG });
    const config = loadConfig({ dir });
    const full = join(dir, "full");
    const lite = join(dir, "lite");

    expect(config.configFile).toBe(join(dir, CONFIG_FILE_NAME));
    expect(config.dir).toBe(dir);
    expect(config.skus).toEqual([
      {
        name: "full",
        root: full,
        helpers: join(full, "src/mcp/helpers.ts"),
        producers: [
          { module: join(full, "src/mcp/helpers.ts"), category: "validator", names: ["validate*", "resolveAsOf"] },
          { module: join(full, "src/mcp/serverResolver.ts"), category: "resolver", names: null },
          { module: join(full, "src/mcp/gates.ts"), category: "gate", names: null },
        ],
        // Sorted, waits.ts once though two globs match it, no types.d.ts, nothing under node_modules.
        toolFiles: [
          join(full, "src/mcp/extra/health.ts"),
          join(full, "src/mcp/tools/admin/jobs.ts"),
          join(full, "src/mcp/tools/plans.ts"),
          join(full, "src/mcp/tools/waits.ts"),
        ],
        guide: join(full, "src/mcp/toolGuide.ts"),
        instructions: join(full, "src/mcp/instructions.ts"),
      },
      {
        name: "lite",
        root: lite,
        helpers: join(lite, "src/helpers.ts"),
        producers: [],
        // "!src/helpers.ts" takes the helpers out of "src/**/*.ts".
        toolFiles: [join(lite, "src/tools/waits.ts")],
        guide: null,
        instructions: null,
      },
    ]);
    expect(config.contract).toEqual({
      builder: "envelope",
      failure: "fail",
      refusal: "refuse",
      words: { failure: "fault", refusal: "bad_request", other: ["no_data", "not_found"] },
      allow: [{ callee: "outcome", words: ["bad_request"] }],
    });
    expect(config.carriers).toEqual(["parseHealth*"]);
    expect(config.discovery).toEqual({
      register: ["registerTool"],
      adapters: ["textTool"],
      // A plain definer name reads `name`, `description` and the body key.
      definers: [
        { callee: "defineTool", name: ["name"], description: ["description"], body: ["handler"] },
        { callee: "defineWriteTool", name: ["name"], description: ["description"], body: ["handler"] },
      ],
      bodyKey: "handler",
      classes: [],
      lists: true,
    });
    expect(config.roster).toBe(join(dir, "config", "roster.json"));
    // In the order written, not sorted.
    expect(config.floors).toEqual([
      { count: "passThroughs.validator", floor: 210 },
      { count: "passThroughs.total", floor: 460 },
      { count: "files", floor: 0 },
    ]);
    expect(config.descriptions).toEqual({
      cap: 1024,
      caps: { get_wait_stats: 700 },
      total: 200000,
      pointer: "See get_tool_guide.",
      pins: { run_custom_view_panel: ["with no 'status' field on success"] },
      clientLimits: [128],
      tokenCap: 400,
      tokenTotal: 20000,
      routes: "all",
    });
    expect(config.parity).toEqual([{ name: "refusal-paragraph", text: "A refusal names the parameter." }]);
  });

  it("keeps the validated JSON as written, comments stripped and no defaults added", () => {
    const dir = tempTree({ ...MONITOR_FILES, [CONFIG_FILE_NAME]: FULL_CONFIG });
    const { raw } = loadConfig({ dir });
    expect(raw.$schema).toBe("./node_modules/payload-census/schema/config.schema.json");
    expect(raw.skus[1]).toEqual({
      name: "lite",
      root: "./lite/",
      helpers: "src/helpers.ts",
      producers: [],
      tools: ["src/**/*.ts", "!src/helpers.ts"],
    });
    expect(raw.floors).toEqual({ "passThroughs.validator": 210, "passThroughs.total": 460, files: 0 });
  });

  it("finds the line of a key, an array item and a floor; nothing for a key not written", () => {
    const dir = tempTree({ ...MONITOR_FILES, [CONFIG_FILE_NAME]: FULL_CONFIG });
    const config = loadConfig({ dir });
    expect(config.lineOf(["floors", "passThroughs.total"])).toBe(lineWith(FULL_CONFIG, '"passThroughs.total": 460'));
    expect(config.lineOf(["floors"])).toBe(lineWith(FULL_CONFIG, '"floors": {'));
    expect(config.lineOf(["skus", 0, "tools", 2])).toBe(lineWith(FULL_CONFIG, '"src/mcp/extra/*.ts"'));
    expect(config.lineOf(["skus", 0, "producers", 1, "category"])).toBe(lineWith(FULL_CONFIG, "serverResolver.ts"));
    // An array item's line is its value's: the `{` of the second SKU, one line above its name.
    expect(config.lineOf(["skus", 1])).toBe(lineWith(FULL_CONFIG, '"name": "lite"') - 1);
    expect(config.lineOf(["descriptions", "total"])).toBe(lineWith(FULL_CONFIG, '"total": 200000'));
    expect(config.lineOf([])).toBe(1);
    expect(config.lineOf(["floors", "handBuilt"])).toBeUndefined();
    expect(config.lineOf(["skus", 2])).toBeUndefined();
  });

  it("reads the file named by configFile, relative to the working directory", () => {
    const dir = tempTree({ ...MONITOR_FILES, "ci/census.json": FULL_CONFIG.replace(/"root": "/g, '"root": "../') });
    const config = loadConfig({ configFile: relative(process.cwd(), join(dir, "ci/census.json")), dir: "/not/used" });
    expect(config.configFile).toBe(join(dir, "ci/census.json"));
    expect(config.dir).toBe(join(dir, "ci"));
    expect(config.skus.map((s) => s.root)).toEqual([join(dir, "full"), join(dir, "lite")]);
    // The roster sits beside the config, wherever that is.
    expect(config.roster).toBe(join(dir, "ci", "config", "roster.json"));
  });
});

describe("loadConfig: a minimal config", () => {
  it("gets every default", () => {
    const dir = tempTree({
      "src/helpers.ts": "export {};\n",
      "src/tools/waits.ts": "export {};\n",
      [CONFIG_FILE_NAME]: JSON.stringify({ skus: [{ name: "only", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"] }] }),
    });
    const config = loadConfig({ dir });
    expect(config.skus).toEqual([
      {
        name: "only",
        root: dir,
        helpers: join(dir, "src/helpers.ts"),
        producers: [],
        toolFiles: [join(dir, "src/tools/waits.ts")],
        guide: null,
        instructions: null,
      },
    ]);
    expect(config.contract).toEqual({
      builder: "status",
      failure: "formatError",
      refusal: "refusal",
      words: { failure: "error", refusal: "invalid", other: ["no_data", "not_found", "empty", "unavailable"] },
      allow: [],
    });
    expect(config.carriers).toEqual([]);
    expect(config.discovery).toEqual({
      register: ["registerTool", "tool"],
      adapters: [],
      definers: [{ callee: "defineTool", name: ["name"], description: ["description"], body: ["run"] }],
      bodyKey: "run",
      classes: [],
      lists: true,
    });
    expect(config.roster).toBe(join(dir, "payload-census.roster.json"));
    expect(config.floors).toEqual([]);
    expect(config.descriptions).toEqual({
      cap: 2048,
      caps: {},
      total: null,
      pointer: "Reading guide: get_tool_guide.",
      pins: {},
      clientLimits: [40, 80],
      tokenCap: null,
      tokenTotal: null,
      routes: "named",
    });
    expect(config.parity).toEqual([]);
  });

  it("hands out defaults a caller can change without changing the next load", () => {
    const dir = tempTree({
      "src/helpers.ts": "export {};\n",
      "src/tools/waits.ts": "export {};\n",
      [CONFIG_FILE_NAME]: JSON.stringify({ skus: [{ name: "only", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"] }] }),
    });
    loadConfig({ dir }).contract.words.other.push("mutated");
    expect(loadConfig({ dir }).contract.words.other).toEqual(["no_data", "not_found", "empty", "unavailable"]);
  });

  it("accepts a UTF-8 byte order mark", () => {
    const dir = tempTree({
      "src/helpers.ts": "export {};\n",
      "src/tools/waits.ts": "export {};\n",
      [CONFIG_FILE_NAME]: `\uFEFF${JSON.stringify({ skus: [{ name: "only", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"] }] })}`,
    });
    expect(loadConfig({ dir }).skus[0]?.name).toBe("only");
  });
});

describe("loadConfig: how tools are found (discovery)", () => {
  const minimal = { name: "only", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"] };
  const files = { "src/helpers.ts": "export {};\n", "src/tools/waits.ts": "export {};\n" };

  it("reads a definer's parts as property paths, taking the body key where no body path is given", () => {
    const discovery = {
      bodyKey: "execute",
      definers: ["tool", { callee: "defineTabTool", name: "schema.name", description: "schema.description", body: "handle" }, { callee: "addTool" }],
      classes: [{ extends: "ToolBase", name: "toolName" }],
      lists: false,
    };
    const dir = tempTree({ ...files, [CONFIG_FILE_NAME]: JSON.stringify({ skus: [minimal], discovery }) });
    expect(loadConfig({ dir }).discovery).toEqual({
      register: ["registerTool", "tool"],
      adapters: [],
      definers: [
        { callee: "tool", name: ["name"], description: ["description"], body: ["execute"] },
        { callee: "defineTabTool", name: ["schema", "name"], description: ["schema", "description"], body: ["handle"] },
        { callee: "addTool", name: ["name"], description: ["description"], body: ["execute"] },
      ],
      bodyKey: "execute",
      classes: [{ extends: "ToolBase", name: "toolName", description: "description", body: "execute" }],
      lists: false,
    });
  });

  it("refuses a definer object without its callee, naming the JSON path", () => {
    const dir = tempTree({ ...files, [CONFIG_FILE_NAME]: JSON.stringify({ skus: [minimal], discovery: { definers: [{ name: "schema.name" }] } }) });
    expect(() => loadConfig({ dir })).toThrow(/discovery\.definers\[0\]/);
  });

  it("refuses a tool class without the base class it extends", () => {
    const dir = tempTree({ ...files, [CONFIG_FILE_NAME]: JSON.stringify({ skus: [minimal], discovery: { classes: [{ name: "toolName" }] } }) });
    expect(() => loadConfig({ dir })).toThrow(/discovery\.classes\[0\]/);
  });
});
