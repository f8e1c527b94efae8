// Rule tool-discovery: a tool whose name, description or body the census cannot see, a name defined twice, a SKU with no tool.
import rule from "../../rules/tool-discovery.js";
import { FIRST_CHARACTER, at, describeOptionsSchema, edit, inBuffer, onDisk, ruleTester } from "./ruleTester.js";

const RULE = "tool-discovery";
const nearMiss = (name: string, file: string) => onDisk(`near-miss/${RULE}/${name}/${file}`);
const red = (name: string, file = "src/tools/waits.ts") => onDisk(`red/${RULE}/${name}/${file}`);
const shape = (name: string, file: string) => onDisk(`shapes/${name}/${file}`);

// Red cases.
const notVisible = red("description-not-visible");
const spreadUnseen = red("config-spread-unseen");
const nameUnseen = red("tool-name-unseen");
const adapter = red("adapter-not-configured", "src/tools/plan.ts");
const twiceFirst = red("name-twice");
const twiceSecond = red("name-twice", "src/tools/waitsV2.ts");
const noBranch = red("list-without-branch", "src/tools/server.ts");
const listUnseen = red("list-unseen", "src/tools/server.ts");
const classNameUnseen = red("class-name-not-constant");
const twoCallers = red("name-from-two-callers");
const noToolHelpers = red("no-tool-at-all", "src/helpers.ts");

// Editor buffers.
const FULL_WAITS = "monitor/full/src/mcp/tools/waits.ts";
const lostHandler = inBuffer("red/bare-sentence-roster/handler-by-reference/src/tools/plan.ts", (text) =>
  edit(text, "async function answerPlanSummary(", "async function answerPlan("),
);
const forcePlanUnknown = inBuffer("monitor/full/src/mcp/tools/queryStore.ts", (text) =>
  edit(text, 'description: "Forces one Query Store plan for its query (sp_query_store_force_plan). Writes to the monitored database.",', 'description: describeWrite("sp_query_store_force_plan"),'),
);
const fullNameUnseen = inBuffer(FULL_WAITS, (text) => edit(text, 'const TOOL = "get_wait_stats";', 'const TOOL = nameOf("waits");'));

/** The unnamed message's data: why, and no extra advice. */
const unnamed = (why: string) => ({ why, fix: "" });

ruleTester.run(RULE, rule, {
  valid: [
    // registration calls with constant names, definers, adapters: every tool of the reference monitor is seen
    { name: "monitor: full waits.ts", ...onDisk(FULL_WAITS) },
    { name: "monitor: full queryStore.ts", ...onDisk("monitor/full/src/mcp/tools/queryStore.ts") },
    // a default parameter is the name when the one call passes none (and `options.name ?? "…"` likewise)
    { name: "near miss: name-from-one-caller", ...nearMiss("name-from-one-caller", "src/tools/waits.ts") },
    // definer-made tools listed by a tools/list handler are those tools, counted once
    { name: "near miss: definer-tools-listed", ...nearMiss("definer-tools-listed", "src/tools/defs.ts") },
    // a tool base class's generic register(server) { server.tool(this.name, …) } is no tool of its own
    { name: "shape: tool-classes base", ...shape("tool-classes", "src/tools/tool.ts") },
    // tools as data, answered by switch cases, an if and a table of handlers
    { name: "shape: tools-as-data server", ...shape("tools-as-data", "src/server.ts") },
    // names from the keys of the object the definitions stand in
    { name: "shape: key-names", ...shape("key-names", "src/tools/events.ts") },
    // registrations in a loop over a constant array
    { name: "shape: loops", ...shape("loops", "src/server.ts") },
  ],
  invalid: [
    {
      name: "red: description-not-visible (a description built by a call)",
      ...notVisible,
      errors: [
        {
          messageId: "description",
          data: { tool: "get_wait_stats", why: "call to `describeTopList()`" },
          ...at(notVisible.code, 13, 20, 'describeTopList("waits", "largest")'),
        },
      ],
    },
    {
      name: "red: config-spread-unseen (a spread that may set the description, at the spread)",
      ...spreadUnseen,
      errors: [
        {
          messageId: "description",
          data: { tool: "get_wait_stats", why: 'the config spreads `sharedConfig("waits")`, which may set the description' },
          line: 11,
          column: 7,
        },
      ],
    },
    {
      // The finding has no span: it is reported at the tool's name, and ESLint's end is its start.
      name: "red: tool-name-unseen (a name its caller passes, and no call in sight)",
      ...nameUnseen,
      errors: [
        {
          messageId: "unnamed",
          data: unnamed("the value is an argument of `registerWaitTools`, so it depends on the caller: the census sees no call of it in the SKU's modules"),
          ...at(nameUnseen.code, 8, 5, ""),
        },
      ],
    },
    {
      name: "red: name-from-two-callers (one tool per call; the second call's name is built at run time)",
      ...twoCallers,
      errors: [
        {
          messageId: "unnamed",
          data: unnamed("its call at src/tools/waits.ts:17 passes it: `process` is not declared in this file"),
          ...at(twoCallers.code, 6, 23, ""),
        },
      ],
    },
    {
      name: "red: adapter-not-configured (the body is wrapped in a call that is no adapter)",
      ...adapter,
      errors: [
        {
          messageId: "body",
          data: {
            tool: "Tool get_plan_summary: ",
            why: "the handler is wrapped in `textTool(…)`, which is not a configured adapter",
            fix: 'add "textTool" to discovery.adapters in the config if it returns the function it wraps',
          },
          line: 6,
          column: 3,
        },
      ],
    },
    {
      name: "red: name-twice, first definition",
      ...twiceFirst,
      errors: [
        {
          messageId: "duplicate",
          data: { tool: "get_wait_stats", sku: "main", other: "src/tools/waitsV2.ts:6:23" },
          ...at(twiceFirst.code, 6, 23, ""),
        },
      ],
    },
    {
      name: "red: name-twice, second definition",
      ...twiceSecond,
      errors: [
        {
          messageId: "duplicate",
          data: { tool: "get_wait_stats", sku: "main", other: "src/tools/waits.ts:6:23" },
          ...at(twiceSecond.code, 6, 23, ""),
        },
      ],
    },
    {
      name: "red: list-without-branch (a listed tool no tools/call branch answers)",
      ...noBranch,
      errors: [
        {
          messageId: "body",
          data: {
            tool: "Tool get_top_queries: ",
            why: 'no branch of a tools/call handler in the tool files answers "get_top_queries"',
            fix: "dispatch on request.params.name with a switch, an if, or a table of handlers keyed by the tool's name, in a file the tools globs match",
          },
          line: 13,
          column: 3,
        },
      ],
    },
    {
      name: "red: list-unseen (a tools/list answer loaded at run time)",
      ...listUnseen,
      errors: [{ messageId: "unnamed", data: unnamed("it comes from a list the census cannot see: call to `loadToolCatalog()`"), line: 9, column: 64 }],
    },
    {
      name: "red: class-name-not-constant (a tool class's name computed at run time)",
      ...classNameUnseen,
      errors: [{ messageId: "unnamed", data: unnamed("`this.toolNames[0]` depends on the object at run time"), line: 15, column: 14 }],
    },
    {
      // Homed at the config's tools key, a JSON file ESLint cannot lint: reported on the helpers module at 1:1.
      name: "red: no-tool-at-all, on the helpers module at 1:1",
      ...noToolHelpers,
      errors: [{ messageId: "none", data: { sku: "main", files: "1 tool file searched" }, ...FIRST_CHARACTER }],
    },
    {
      // The finding has no span: it is reported at the registration call's first character, and ESLint's end is its start.
      name: "editor: a handler reference the census cannot follow",
      ...lostHandler,
      errors: [
        {
          messageId: "body",
          data: {
            tool: "Tool get_plan_summary: ",
            why: "the handler `answerPlanSummary` is not declared in this file",
            fix: "pass a function declared in this file or imported from a module of the monitor",
          },
          ...at(lostHandler.code, 10, 3, ""),
        },
      ],
    },
    {
      name: "editor: full queryStore.ts, force_plan's description built by a call",
      ...forcePlanUnknown,
      errors: [
        {
          messageId: "description",
          data: { tool: "force_plan", why: "call to `describeWrite()`" },
          ...at(forcePlanUnknown.code, 137, 18, 'describeWrite("sp_query_store_force_plan")'),
        },
      ],
    },
    {
      name: "editor: full waits.ts, get_wait_stats named by a call (at the name)",
      ...fullNameUnseen,
      errors: [{ messageId: "unnamed", data: unnamed("call to `nameOf()`"), ...at(fullNameUnseen.code, 56, 5, "") }],
    },
  ],
});

describeOptionsSchema(RULE, rule);
