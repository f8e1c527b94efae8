// The witness's sites (SPEC §6) read straight from sitesOf, text for text: the import a hand-built envelope takes from
// wherever the helpers module lies, the failure word split as the seeds split it, the validator it picks among the
// producer modules, the one floor it raises, and where a shared fragment is found in the instructions (never at a
// literal's quote, never where a literal only ends with the fragment's first letter).
import { describe, expect, it } from "vitest";
import { sitesOf, withoutPhrase, type Mutation } from "../../census/witness/sites.js";
import { loadConfig } from "../../src/config/load.js";
import { analyzeSku } from "../../src/project/analyzeSku.js";
import { extractingStore } from "../../src/project/census.js";
import { SkuContext } from "../../src/project/context.js";
import { tempTree } from "../config/tempTree.js";

const helpers = `export function status(word: string, message: string, hints: Record<string, unknown> = {}): string {
  return JSON.stringify({ status: word, message, hints });
}
export function formatError(operation: string, ex: unknown): string {
  return status("error", \`\${operation}: \${String(ex)}\`, { operation });
}
export function refusal(parameter: string, sentence: string): string {
  return status("invalid", sentence, { parameter });
}
`;

const tool = (name: string, from = "../helpers.js") => `import { formatError } from ${JSON.stringify(from)};
export function register(server: any): void {
  server.registerTool("${name}", { description: "${name} lists things." }, async () => {
    try {
      return JSON.stringify({ things: [] });
    } catch (ex) {
      return formatError("${name}", ex);
    }
  });
}
`;

/** The sites of a one-SKU monitor of `files` (over a helpers module and one tool file), its SKU and config widened. */
function sitesIn(files: Record<string, string | null>, sku: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) {
  const config = { skus: [{ name: "main", root: ".", helpers: "src/helpers.ts", producers: [], tools: ["src/tools/*.ts"], ...sku }], ...rest };
  const dir = tempTree({ "payload-census.config.json": JSON.stringify(config), "src/helpers.ts": helpers, "src/tools/a.ts": tool("alpha"), ...files }, "witness-direct");
  const loaded = loadConfig({ dir });
  const store = extractingStore(loaded);
  const views = loaded.skus.map((s) => {
    const ctx = new SkuContext(loaded, s, store);
    return { ctx, analysis: analyzeSku(ctx) };
  });
  const all = sitesOf(loaded, views);
  return (rule: string): Mutation | { rule: string; why: string } | undefined => all.find((s) => s.rule === rule);
}

/** What a hand-built envelope appends to a tool file: the builder imported from `specifier`, the failure word split. */
const handBuilt = (specifier: string, split = '"er" +\n    "ror"') =>
  `\nimport { status as witnessBuilder } from ${JSON.stringify(specifier)};\n` +
  `export function witnessHandBuilt(): unknown {\n  return witnessBuilder(\n    ${split},\n    "witness",\n  );\n}\n`;

describe("the witness's hand-built envelope", () => {
  it("imports the builder as a NodeNext import of the helpers module names it, from wherever the module lies", () => {
    const cases: [Record<string, string | null>, Record<string, unknown>, string][] = [
      [{}, {}, "../helpers.js"],
      [{ "src/helpers.ts": null, "src/helpers.tsx": helpers, "src/tools/a.ts": tool("alpha", "../helpers.jsx") }, { helpers: "src/helpers.tsx" }, "../helpers.js"],
      [{ "src/helpers.ts": null, "src/helpers.mts": helpers, "src/tools/a.ts": tool("alpha", "../helpers.mjs") }, { helpers: "src/helpers.mts" }, "../helpers.mjs"],
      [{ "src/helpers.ts": null, "src/helpers.js": helpers.replace(/: [a-zA-Z<>, ]+(?=[),=])/g, ""), "src/tools/a.ts": tool("alpha") }, { helpers: "src/helpers.js" }, "../helpers.js"],
      [{ "src/helpers.ts": null, "src/tools/h.ts": helpers, "src/tools/a.ts": tool("alpha", "./h.js") }, { helpers: "src/tools/h.ts", tools: ["src/tools/a.ts"] }, "./h.js"],
    ];
    for (const [files, sku, specifier] of cases) {
      const site = sitesIn(files, sku)("hand-built-status") as Mutation;
      expect(site.file.endsWith("a.ts"), specifier).toBe(true);
      expect(site.text?.slice(-handBuilt(specifier).length), JSON.stringify(sku)).toBe(handBuilt(specifier));
    }
  });

  it("splits the failure word at its middle, a word of one letter after that letter", () => {
    const word = (failure: string) => sitesIn({}, {}, { contract: { words: { failure } } })("hand-built-status") as Mutation;
    expect(word("failed").text?.endsWith(handBuilt("../helpers.js", '"fai" +\n    "led"'))).toBe(true);
    expect(word("x").text?.endsWith(handBuilt("../helpers.js", '"x" +\n    ""'))).toBe(true);
  });
});

describe("the witness's validator that returns a bare sentence", () => {
  const validators = `import { refusal } from "./helpers.js";
export function validateLimit(limit: number): string | null {
  return limit < 1 ? refusal("limit", "limit must be positive.") : null;
}
`;
  const mixed = `import { refusal } from "./helpers.js";
export function resolveServer(name: string): string | null {
  return name === "" ? refusal("server", "name a server.") : null;
}
export function validateTop(top: number): string | null {
  return top < 1 ? refusal("top", "top must be positive.") : null;
}
`;

  it("is the first validator of a module listed as a validator, not one found through the module's other listing", () => {
    const site = sitesIn(
      { "src/mixed.ts": mixed, "src/validators.ts": validators },
      {
        producers: [
          { module: "src/mixed.ts", category: "resolver", names: ["resolve*"] },
          { module: "src/validators.ts", category: "validator" },
          { module: "src/mixed.ts", category: "validator", names: ["validate*"] },
        ],
      },
    )("validator-builds-refusal") as Mutation;
    expect(site.what).toBe("validator validateLimit returns a bare sentence");
    expect(site.file.endsWith("validators.ts")).toBe(true);
  });

  it("is a function the module declares, not a re-export of itself under another name", () => {
    const selfExported = `export { validateTop as checkTop } from "./mixed.js";\n${mixed}`;
    const site = sitesIn({ "src/mixed.ts": selfExported }, { producers: [{ module: "src/mixed.ts", category: "validator", names: ["validate*", "checkTop"] }] })("validator-builds-refusal") as Mutation;
    expect(site.what).toBe("validator validateTop returns a bare sentence");
  });
  it("is none in a module whose validator is another module's, even where the module declares a function of that one's local name", () => {
    const inner = `import { refusal } from "./helpers.js";
function check(top: number): string | null {
  return top < 1 ? refusal("top", "top must be positive.") : null;
}
export { check as validateTop };
`;
    const outer = `import { validateTop } from "./inner.js";
export { validateTop };
function check(): string {
  return "a function of its own";
}
export const used = check;
`;
    const site = sitesIn({ "src/inner.ts": inner, "src/outer.ts": outer }, { producers: [{ module: "src/outer.ts", category: "validator", names: ["validate*"] }] })("validator-builds-refusal");
    expect(site).toEqual({ rule: "validator-builds-refusal", why: "no validator is declared in a validator module" });
  });
});

describe("the witness's raised floor", () => {
  it("raises the first floor alone", () => {
    const site = sitesIn({}, {}, { floors: { tools: 1, "passThroughs.total": 0 } })("floor") as Mutation;
    expect(site.config?.floors.map((f) => [f.count, f.floor])).toEqual([
      ["tools", Number.MAX_SAFE_INTEGER],
      ["passThroughs.total", 0],
    ]);
  });
});

describe("the witness's shared fragment", () => {
  const pin = { name: "shared", text: "Call get_tool_guide for details." };
  const instructions = (...literals: string[]) => literals.map((l, i) => `export const part${i} = ${l};\n`).join("");

  it("is found in the literal that holds its first words, not one that only ends with its first letter", () => {
    const site = sitesIn({ "src/instructions.ts": instructions('"ABC"', '"Read this. Call get_tool_guide for details."') }, { instructions: "src/instructions.ts" }, { parity: [pin] })("parity-pin") as Mutation;
    expect(site.text).toBe(instructions('"ABC"', '"Read this. C~all get_tool_guide for details."'));
  });

  it("is no site when no literal holds it, even one that ends with its first letter", () => {
    const site = sitesIn({ "src/instructions.ts": instructions('"ABC"', '"Read the guide."') }, { instructions: "src/instructions.ts" }, { parity: [pin] })("parity-pin");
    expect(site).toEqual({ rule: "parity-pin", why: "no SKU's instructions hold a pinned fragment in place" });
  });

  it("is no site where the literal writes the fragment's first words with an escape, its raw text not the fragment's", () => {
    const quoted = { name: "quoted", text: "It's in the guide." };
    const escaped = sitesIn({ "src/instructions.ts": instructions("'It\\'s in the guide.'") }, { instructions: "src/instructions.ts" }, { parity: [quoted] })("parity-pin");
    expect(escaped).toEqual({ rule: "parity-pin", why: "no SKU's instructions hold a pinned fragment in place" });
    // The fragment holds a backslash and an n; the literal's raw text does too, but its text holds a line break there.
    const backslash = { name: "backslash", text: "Use \\n to split lines." };
    const broken = sitesIn({ "src/instructions.ts": instructions('"Use \\n to split lines. U"') }, { instructions: "src/instructions.ts" }, { parity: [backslash] })("parity-pin");
    expect(broken).toEqual({ rule: "parity-pin", why: "no SKU's instructions hold a pinned fragment in place" });
  });

  it("is found in a template's text that starts with the brace the template resumes at, never at that brace", () => {
    const brace = { name: "brace", text: "} closes the block." };
    const text = "const intro = `{`;\nexport const guide = `${intro}} closes the block.`;\n";
    const site = sitesIn({ "src/instructions.ts": text }, { instructions: "src/instructions.ts" }, { parity: [brace] })("parity-pin") as Mutation;
    expect(site.text).toBe("const intro = `{`;\nexport const guide = `${intro}}~ closes the block.`;\n");
  });

  it("is the literal that goes on as the fragment does the furthest, the first of those", () => {
    const text = instructions('"Call get_tool_guide now."', '"Call get_tool_guide for details."', '"Call get_tool_guide for details, twice."');
    const site = sitesIn({ "src/instructions.ts": text }, { instructions: "src/instructions.ts" }, { parity: [pin] })("parity-pin") as Mutation;
    expect(site.text).toBe(instructions('"Call get_tool_guide now."', '"C~all get_tool_guide for details."', '"Call get_tool_guide for details, twice."'));
  });
});

describe("withoutPhrase", () => {
  it("breaks a phrase at the very start of the text it is given", () => {
    expect(withoutPhrase("ab ab", 0, 5, "ab")).toBe("a~b a~b");
  });
});

describe("the witness's tool renamed to another's name", () => {
  it("has no site when the second tool's name is a constant, whatever the characters its name is written between", () => {
    const named = `import { formatError } from "../helpers.js";
const _beta_ = "beta";
export function register(server: any): void {
  server.registerTool(_beta_, { description: "Beta counts things." }, async () => {
    try {
      return JSON.stringify({ count: 1 });
    } catch (ex) {
      return formatError("beta", ex);
    }
  });
}
`;
    const site = sitesIn({ "src/tools/b.ts": named })("tool-discovery");
    expect(site).toEqual({ rule: "tool-discovery", why: "the SKU has no two tools named by string literals" });
  });
});
