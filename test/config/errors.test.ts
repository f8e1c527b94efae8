// loadConfig on broken configs: every problem is a ConfigError naming the file, the place and the JSON path, and saying what was expected.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_FILE_NAME, loadConfig } from "../../src/config/load.js";
import { ConfigError } from "../../src/errors.js";
import { MONITOR_FILES, shown, tempTree } from "./tempTree.js";

interface Sku {
  name?: unknown;
  root?: unknown;
  helpers?: unknown;
  producers?: unknown;
  tools?: unknown;
  [key: string]: unknown;
}

const SKU: Sku = {
  name: "full",
  root: "full",
  helpers: "src/mcp/helpers.ts",
  producers: [
    { module: "src/mcp/helpers.ts", category: "validator", names: ["validate*"] },
    { module: "src/mcp/serverResolver.ts", category: "resolver" },
  ],
  tools: ["src/mcp/tools/**/*.ts", "src/mcp/extra/*.ts"],
  guide: "src/mcp/toolGuide.ts",
  instructions: "src/mcp/instructions.ts",
};

/** A config of one valid SKU, changed by `patch` (a key set to undefined is left out). */
function configText(patch: Record<string, unknown> = {}, sku: Partial<Sku> = {}): string {
  return `${JSON.stringify({ skus: [{ ...SKU, ...sku }], ...patch }, null, 2)}\n`;
}

/** Loads the config text from a fresh monitor and returns the ConfigError it must throw. */
function failure(text: string, extraFiles: Record<string, string> = {}): { error: ConfigError; file: string; lines: string[] } {
  const dir = tempTree({ ...MONITOR_FILES, ...extraFiles, [CONFIG_FILE_NAME]: text });
  const file = join(dir, CONFIG_FILE_NAME);
  let caught: unknown;
  try {
    loadConfig({ dir });
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ConfigError);
  const error = caught as ConfigError;
  expect(error.file).toBe(file);
  return { error, file: shown(file), lines: error.message.split("\n") };
}

/** The problem lines after the summary, without their `file:line:col` prefix checked separately. */
function problemLines(lines: string[], file: string): string[] {
  return lines.slice(1).map((l) => {
    const prefix = new RegExp(`^  ${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:\\d+:\\d+  `);
    expect(l).toMatch(prefix);
    return l.replace(prefix, "");
  });
}

describe("loadConfig: errors", () => {
  it("missing config file: names the file it looked for", () => {
    const dir = tempTree({ ...MONITOR_FILES });
    const file = join(dir, CONFIG_FILE_NAME);
    expect(() => loadConfig({ dir })).toThrow(ConfigError);
    expect(() => loadConfig({ dir })).toThrow(`Config file not found: ${shown(file)} `);
    expect(() => loadConfig({ configFile: join(dir, "elsewhere.json") })).toThrow(`Config file not found: ${shown(join(dir, "elsewhere.json"))} `);
  });

  it("a config path that is a folder: cannot be read", () => {
    const dir = tempTree({ ...MONITOR_FILES });
    mkdirSync(join(dir, "conf.json"));
    expect(() => loadConfig({ configFile: join(dir, "conf.json") })).toThrow(`Cannot read config file ${shown(join(dir, "conf.json"))}: it is a folder`);
  });

  it("invalid JSON: line:column of the syntax error and the JSON path it interrupts", () => {
    const text = '{\n  "skus": [\n    { "name": "full"\n      "root": "full" }\n  ]\n}\n';
    const { error, file, lines } = failure(text);
    expect(lines[0]).toBe(`Invalid config ${file} (1 problem):`);
    expect(lines[1]).toBe(`  ${file}:4:7  skus[0].root: invalid JSON: expected ','`);
    expect(error.jsonPath).toBe("skus[0].root");
  });

  it("comments and trailing commas are JSON with comments, not errors", () => {
    const text = configText().replace('"skus": [', '// the SKUs\n  "skus": [ /* one */').replace(/\]\n\}\n$/, "],\n}\n");
    const dir = tempTree({ ...MONITOR_FILES, [CONFIG_FILE_NAME]: text });
    expect(loadConfig({ dir }).skus).toHaveLength(1);
  });

  it("a key written twice: the second is an error, not silently the winner", () => {
    const { lines } = failure('{\n  "skus": [],\n  "roster": "a.json",\n  "roster": "b.json"\n}\n');
    expect(lines[1]).toMatch(/:4:3  roster: duplicate key; expected each key once/);
  });

  it("unknown key: says which key and lists the allowed ones", () => {
    const { error, file, lines } = failure(configText({ flors: {} }, { tool: ["x.ts"] }));
    expect(problemLines(lines, file)).toEqual([
      'skus[0].tool: unknown key "tool" (did you mean "tools"?); allowed keys: name, root, helpers, producers, tools, guide, instructions',
      'flors: unknown key "flors" (did you mean "floors"?); allowed keys: $schema, skus, contract, carriers, discovery, roster, floors, descriptions, parity',
    ]);
    expect(lines[0]).toBe(`Invalid config ${file} (2 problems):`);
    expect(error.jsonPath).toBe("skus[0].tool");
  });

  it("unknown key in a nested object: the full path", () => {
    const { file, lines } = failure(configText({ contract: { words: { refusel: "invalid" } } }));
    expect(problemLines(lines, file)).toEqual([
      'contract.words.refusel: unknown key "refusel" (did you mean "refusal"?); allowed keys: failure, refusal, other',
    ]);
  });

  it("wrong type: expected string, got number", () => {
    const { error, file, lines } = failure(configText({}, { tools: ["src/mcp/tools/**/*.ts", 7] }));
    expect(problemLines(lines, file)).toEqual(["skus[0].tools[1]: expected string, got number 7"]);
    expect(error.jsonPath).toBe("skus[0].tools[1]");
  });

  it("wrong type of a number and of an object", () => {
    const { file, lines } = failure(configText({ descriptions: { total: "200000", cap: 10.5 }, floors: [] }));
    expect(problemLines(lines, file)).toEqual([
      "descriptions.total: expected integer or null, got string \"200000\"",
      "descriptions.cap: expected integer, got number 10.5",
      "floors: expected object, got array",
    ]);
  });

  it("missing required key: the path of the key that is missing", () => {
    const { error, file, lines } = failure(configText({}, { helpers: undefined }));
    expect(problemLines(lines, file)).toEqual(["skus[0].helpers: missing required key; expected a string"]);
    expect(error.jsonPath).toBe("skus[0].helpers");
  });

  it("missing skus, and skus empty", () => {
    const missing = failure("{}");
    expect(problemLines(missing.lines, missing.file)).toEqual(["skus: missing required key; expected an array"]);
    const empty = failure('{ "skus": [] }');
    expect(problemLines(empty.lines, empty.file)).toEqual(["skus: expected at least 1 item, got 0"]);
  });

  it("a config that is not an object", () => {
    const { file, lines } = failure("[1]");
    expect(problemLines(lines, file)).toEqual(["(top level): expected object, got array"]);
  });

  it("enum violation: the category and the allowed values", () => {
    const { error, file, lines } = failure(configText({}, { producers: [{ module: "src/mcp/gates.ts", category: "gates" }] }));
    expect(problemLines(lines, file)).toEqual(['skus[0].producers[0].category: expected one of "resolver", "validator", "gate", got "gates"']);
    expect(error.jsonPath).toBe("skus[0].producers[0].category");
  });

  it("out of range and duplicate items", () => {
    const { file, lines } = failure(configText({ floors: { handBuilt: -1 }, contract: { words: { other: ["empty", "none", "empty"] } } }, { tools: [] }));
    expect(problemLines(lines, file)).toEqual([
      "skus[0].tools: expected at least 1 item, got 0",
      "floors.handBuilt: expected an integer ≥ 0, got -1",
      'contract.words.other[2]: duplicate item "empty" (also at index 0); expected unique items',
    ]);
  });

  it("files named by the config that do not exist, relative to the SKU's root", () => {
    const { error, file, lines } = failure(
      configText(
        {},
        {
          helpers: "src/mcp/helper.ts",
          producers: [{ module: "src/mcp/gate.ts", category: "gate" }],
          guide: "src/mcp/guide.ts",
          instructions: "src/mcp",
        },
      ),
    );
    const under = (p: string): string => shown(join(error.file as string, "..", "full", p));
    expect(problemLines(lines, file)).toEqual([
      `skus[0].helpers: file not found: ${under("src/mcp/helper.ts")} ("src/mcp/helper.ts" is relative to the SKU's root "full")`,
      `skus[0].producers[0].module: file not found: ${under("src/mcp/gate.ts")} ("src/mcp/gate.ts" is relative to the SKU's root "full")`,
      `skus[0].guide: file not found: ${under("src/mcp/guide.ts")} ("src/mcp/guide.ts" is relative to the SKU's root "full")`,
      `skus[0].instructions: expected a file, found a folder: ${under("src/mcp")} ("src/mcp" is relative to the SKU's root "full")`,
    ]);
    expect(error.jsonPath).toBe("skus[0].helpers");
  });

  it("a SKU root that is missing or not a folder, relative to the config's folder (and no cascade of missing files)", () => {
    const missing = failure(configText({}, { root: "ful" }));
    expect(problemLines(missing.lines, missing.file)).toEqual([
      `skus[0].root: folder not found: ${shown(join(missing.error.file as string, "..", "ful"))} ("ful" is relative to the config's folder)`,
    ]);
    const file = failure(configText({}, { root: "full/src/mcp/helpers.ts" }));
    expect(problemLines(file.lines, file.file)).toEqual([
      `skus[0].root: expected a folder, found a file: ${shown(join(file.error.file as string, "..", "full/src/mcp/helpers.ts"))} ("full/src/mcp/helpers.ts" is relative to the config's folder)`,
    ]);
  });

  it("a tools glob that matches no file (declaration files and node_modules do not count)", () => {
    const { error, file, lines } = failure(configText({}, { tools: ["src/mcp/tools/*.ts", "src/mcp/tool/*.ts", "src/mcp/tools/*.d.ts", "src/**/node_modules/**/*.ts"] }));
    const root = shown(join(error.file as string, "..", "full"));
    expect(problemLines(lines, file)).toEqual([
      `skus[0].tools[1]: glob "src/mcp/tool/*.ts" matches no file under the SKU's root ${root} (node_modules and .d.ts files never match)`,
      `skus[0].tools[2]: glob "src/mcp/tools/*.d.ts" matches no file under the SKU's root ${root} (node_modules and .d.ts files never match)`,
      `skus[0].tools[3]: glob "src/**/node_modules/**/*.ts" matches no file under the SKU's root ${root} (node_modules and .d.ts files never match)`,
    ]);
    expect(error.jsonPath).toBe("skus[0].tools[1]");
  });

  it("tools globs that only exclude", () => {
    const { file, lines } = failure(configText({}, { tools: ["!src/mcp/tools/plans.ts"] }));
    expect(problemLines(lines, file)).toEqual(['skus[0].tools: every glob starts with "!"; expected at least one glob that includes tool files']);
  });

  it("a floor key that is not a count path: suggests the near one and lists the valid ones", () => {
    const { error, file, lines } = failure(configText({ floors: { "passThroughs.total": 1, "passThroughs.totl": 2, "bareSentences": 3 } }));
    const valid =
      "files, modules, tools, parseErrors, passThroughs.total, passThroughs.resolver, passThroughs.validator, passThroughs.gate, passThroughs.carried, passThroughs.unshared, bareSentences.total, bareSentences.rostered, bareSentences.unrostered, bareSentences.stale, handBuilt, failureProducers, refusalProducers, validators";
    expect(problemLines(lines, file)).toEqual([
      `floors["passThroughs.totl"]: unknown count path "passThroughs.totl" (did you mean "passThroughs.total"?); expected one of: ${valid}`,
      `floors.bareSentences: unknown count path "bareSentences"; expected one of: ${valid}`,
    ]);
    expect(error.jsonPath).toBe('floors["passThroughs.totl"]');
  });

  it("duplicate SKU names", () => {
    const text = `${JSON.stringify({ skus: [SKU, { ...SKU, root: "./full" }, { ...SKU, name: "lite" }] }, null, 2)}\n`;
    const { error, file, lines } = failure(text);
    expect(problemLines(lines, file)).toEqual(['skus[1].name: duplicate SKU name "full" (first at index 0); expected unique names']);
    expect(error.jsonPath).toBe("skus[1].name");
  });

  it("duplicate parity pin names", () => {
    const { file, lines } = failure(configText({ parity: [{ name: "p", text: "a" }, { name: "p", text: "b" }] }));
    expect(problemLines(lines, file)).toEqual(['parity[1].name: duplicate parity pin name "p" (first at index 0); expected unique names']);
  });

  it("contract words that collide: failure == refusal, at the key the user wrote", () => {
    const refusal = failure(configText({ contract: { words: { refusal: "error" } } }));
    expect(problemLines(refusal.lines, refusal.file)).toEqual([
      'contract.words.refusal: the failure and refusal words are both "error"; expected two different words (the failure word is a fault, the refusal word a request that cannot be served)',
    ]);
    expect(refusal.error.jsonPath).toBe("contract.words.refusal");
    const failureWord = failure(configText({ contract: { words: { failure: "invalid" } } }));
    expect(failureWord.error.jsonPath).toBe("contract.words.failure");
  });

  it("an other word that is the failure or refusal word", () => {
    const { file, lines } = failure(configText({ contract: { words: { other: ["no_data", "invalid", "error"] } } }));
    expect(problemLines(lines, file)).toEqual([
      'contract.words.other[1]: "invalid" is the refusal word; expected the other words to differ from the failure and refusal words',
      'contract.words.other[2]: "error" is the failure word; expected the other words to differ from the failure and refusal words',
    ]);
  });

  it("the builder and the producers must be three functions", () => {
    const { file, lines } = failure(configText({ contract: { refusal: "status" } }));
    expect(problemLines(lines, file)).toEqual([
      'contract.refusal: "status" is also the builder; expected the builder, the failure producer and the refusal producer to be three different functions',
    ]);
  });

  it("several problems: one error, a summary line, then each problem on its line in file order with its place", () => {
    const text = [
      "{",
      '  "skus": [{ "name": "full", "root": "full", "helpers": "nope.ts",',
      '             "producers": [], "tools": ["src/mcp/tools/*.ts"] }],',
      '  "floors": { "handbuilt": 1 },',
      '  "contract": { "words": { "refusal": "error" } }',
      "}",
    ].join("\n");
    const { error, file, lines } = failure(text);
    // Columns from the text itself: the key of each member at fault.
    const at = (line: number, key: string): string => `${file}:${line}:${(text.split("\n")[line - 1] as string).indexOf(key) + 1}`;
    expect(lines).toEqual([
      `Invalid config ${file} (3 problems):`,
      `  ${at(2, '"helpers"')}  skus[0].helpers: file not found: ${shown(join(error.file as string, "..", "full", "nope.ts"))} ("nope.ts" is relative to the SKU's root "full")`,
      `  ${at(4, '"handbuilt"')}  floors.handbuilt: unknown count path "handbuilt" (did you mean "handBuilt"?); expected one of: files, modules, tools, parseErrors, passThroughs.total, passThroughs.resolver, passThroughs.validator, passThroughs.gate, passThroughs.carried, passThroughs.unshared, bareSentences.total, bareSentences.rostered, bareSentences.unrostered, bareSentences.stale, handBuilt, failureProducers, refusalProducers, validators`,
      `  ${at(5, '"refusal"')}  contract.words.refusal: the failure and refusal words are both "error"; expected two different words (the failure word is a fault, the refusal word a request that cannot be served)`,
    ]);
  });
});
