// Keeps the ESLint plugin, its rule files, the SPEC's rule ids, the messages and the rule docs in sync.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { TSESLint } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { SETTINGS_KEY } from "../../rules/censusRule.js";
import { DOCS_URL } from "../../src/ruleDescriptions.js";
import plugin from "../../rules/index.js";
import { RULE_IDS } from "../../src/model.js";
import { MESSAGES, SHARED_MESSAGES } from "../../src/project/messages.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const rulesDir = path.join(root, "rules");
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { name: string; version: string };

/** The rule ids of the payload contract's checks (SPEC §2), each with its doc beside it. */
const CONTRACT_RULE_IDS = [
  "pass-through-producer",
  "bare-sentence-roster",
  "hand-built-status",
  "one-failure-producer",
  "one-refusal-producer",
  "validator-builds-refusal",
  "floor",
  "parse-error",
] as const;

/** Rules whose findings are project-wide facts (exactly-once, stale roster entries, floors), computed once per process. */
const PROJECT_WIDE = [
  "bare-sentence-roster",
  "one-failure-producer",
  "one-refusal-producer",
  "floor",
  "description-budget",
  "description-pin",
  "parity-pin",
];

/** The files of rules/ that are the plugin's machinery, not rules. */
const NOT_RULES = new Set(["index", "createRule", "censusRule"]);

const SECTIONS = ["What it catches", "Examples", "How to fix", "Options", "When not to use it"];

type Rule = TSESLint.RuleModule<string, readonly unknown[]> & { name?: string };
const pluginRules: Record<string, Rule> = plugin.rules;

function ruleFileNames(): string[] {
  return readdirSync(rulesDir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    .map((f) => f.slice(0, -".ts".length))
    .filter((name) => !NOT_RULES.has(name))
    .sort();
}

function messagesOf(id: string): Record<string, string> {
  expect(Object.keys(MESSAGES)).toContain(id);
  return MESSAGES[id as keyof typeof MESSAGES];
}

function ruleOf(id: string): Rule {
  const rule = pluginRules[id];
  if (!rule) throw new Error(`the plugin exports no rule ${id}`);
  return rule;
}

interface DocSection {
  heading: string;
  lines: string[];
}

interface Fence {
  lang: string;
  lines: string[];
  section: string | undefined;
}

interface Doc {
  titles: string[];
  /** The lines between the title and the first section. */
  intro: string[];
  sections: DocSection[];
  fences: Fence[];
  unclosedFence: boolean;
}

/** Reads our own rule docs with line checks: headings and fenced blocks, ignoring headings inside fences. */
function parseDoc(text: string): Doc {
  const doc: Doc = { titles: [], intro: [], sections: [], fences: [], unclosedFence: false };
  let fence: Fence | undefined;
  for (const line of text.split(/\r?\n/)) {
    const section = doc.sections[doc.sections.length - 1];
    if (fence) {
      if (line.startsWith("```")) {
        doc.fences.push(fence);
        fence = undefined;
      } else fence.lines.push(line);
      section?.lines.push(line);
      continue;
    }
    if (line.startsWith("```")) {
      fence = { lang: line.slice(3).trim(), lines: [], section: section?.heading };
      section?.lines.push(line);
    } else if (line.startsWith("## ")) {
      doc.sections.push({ heading: line.slice(3).trim(), lines: [] });
    } else if (line.startsWith("# ")) {
      doc.titles.push(line.slice(2).trim());
    } else if (section) {
      section.lines.push(line);
    } else if (doc.titles.length > 0) {
      doc.intro.push(line);
    }
  }
  doc.unclosedFence = fence !== undefined;
  return doc;
}

function readDoc(id: string): Doc {
  return parseDoc(readFileSync(path.join(rulesDir, `${id}.md`), "utf8"));
}

/** A section's text with its line breaks and indentation folded into single spaces, as a reader sees the prose. */
function sectionText(doc: Doc, heading: string): string {
  return (doc.sections.find((s) => s.heading === heading)?.lines.join("\n") ?? "").replace(/\s+/g, " ");
}

describe("the plugin's rules", () => {
  it("exports every rule file under its file name, and nothing else", async () => {
    const files = ruleFileNames();
    expect(files.length).toBeGreaterThan(0);
    expect(Object.keys(pluginRules).sort()).toEqual(files);
    for (const name of files) {
      const module = (await import(pathToFileURL(path.join(rulesDir, `${name}.ts`)).href)) as { default: unknown };
      expect(module.default, `rules/${name}.ts`).toBeDefined();
      expect(pluginRules[name], `rules/${name}.ts`).toBe(module.default);
    }
  });

  it("has one rule per SPEC rule id: every rule id of the census, the contract's checks among them", () => {
    for (const id of Object.keys(pluginRules)) expect(RULE_IDS).toContain(id);
    for (const id of CONTRACT_RULE_IDS) expect(Object.keys(pluginRules)).toContain(id);
    expect(Object.keys(pluginRules).sort()).toEqual([...RULE_IDS].sort());
  });

  it("turns every rule on as an error in configs.recommended, under the plugin's prefix", () => {
    const recommended = plugin.configs.recommended;
    expect(recommended.rules).toEqual(Object.fromEntries(Object.keys(pluginRules).map((id) => [`payload-census/${id}`, "error"])));
    for (const id of CONTRACT_RULE_IDS) expect(recommended.rules?.[`payload-census/${id}`]).toBe("error");
    expect(recommended.plugins?.["payload-census"]).toBe(plugin);
    expect(recommended.files).toContain("**/*.ts");
  });

  it("names the recommended config", () => {
    expect(plugin.configs.recommended.name).toBe("payload-census/recommended");
  });

  it("carries the package's name and version in meta", () => {
    expect(plugin.meta).toEqual({ name: manifest.name, version: manifest.version });
  });

  it("offers suggestions from exactly the rules that have suggestion messages", () => {
    const withSuggestions = Object.keys(pluginRules).filter((id) => ruleOf(id).meta.hasSuggestions === true);
    const withSuggestionMessages = Object.keys(pluginRules).filter((id) => Object.keys(messagesOf(id)).some((m) => m.startsWith("suggest")));
    expect(withSuggestions.sort()).toEqual(withSuggestionMessages.sort());
    expect(withSuggestions).toEqual(["hand-built-status"]);
  });
});

describe.each(Object.keys(pluginRules).map((id) => [id]))("rule %s", (id) => {
  it("is named by its id", () => {
    expect(ruleOf(id).name).toBe(id);
  });

  it("points meta.docs.url at its doc beside it", () => {
    const url = ruleOf(id).meta.docs?.url;
    expect(url).toBe(`${DOCS_URL}${id}.md`);
    expect(url?.endsWith(`rules/${id}.md`)).toBe(true);
  });

  it("describes itself in one sentence without a final period", () => {
    const description = ruleOf(id).meta.docs?.description;
    expect(typeof description).toBe("string");
    expect(description).toMatch(/^[A-Z]/);
    expect(description).not.toMatch(/\.$/);
  });

  it("declares the census messages of its rule id, and the messages every rule shares (a broken config)", () => {
    expect(ruleOf(id).meta.messages).toEqual({ ...messagesOf(id), ...SHARED_MESSAGES });
  });

  it("sets hasSuggestions exactly when it has suggestion messages", () => {
    const suggests = Object.keys(messagesOf(id)).some((m) => m.startsWith("suggest"));
    expect(ruleOf(id).meta.hasSuggestions === true).toBe(suggests);
    if (!suggests) expect(ruleOf(id).meta.hasSuggestions).toBeUndefined();
  });

  it("has an options schema of one object whose properties are described", () => {
    const schema = ruleOf(id).meta.schema;
    expect(Array.isArray(schema)).toBe(true);
    const items = schema as readonly { type?: unknown; properties?: Record<string, { description?: unknown }>; additionalProperties?: unknown }[];
    expect(items).toHaveLength(1);
    const [options] = items;
    expect(options?.type).toBe("object");
    expect(options?.additionalProperties).toBe(false);
    const properties = Object.entries(options?.properties ?? {});
    expect(properties.length).toBeGreaterThan(0);
    for (const [name, property] of properties) {
      expect(typeof property.description, `${id}: option ${name}`).toBe("string");
      expect((property.description as string).trim(), `${id}: option ${name}`).not.toBe("");
    }
  });
});

describe.each(Object.keys(pluginRules).map((id) => [id]))("doc rules/%s.md", (id) => {
  it("starts with the rule id as its title and the rule's description as its summary", () => {
    const doc = readDoc(id);
    expect(doc.titles).toEqual([id]);
    // One line: the description's words and a period, code spans allowed either side.
    const words = (text: string) => text.replaceAll("`", "");
    const summary = doc.intro.filter((line) => line.trim() !== "").map(words);
    expect(summary).toEqual([`${words(ruleOf(id).meta.docs?.description ?? "")}.`]);
  });

  it("has exactly the five sections, in order", () => {
    expect(readDoc(id).sections.map((s) => s.heading)).toEqual(SECTIONS);
  });

  it("closes every fenced block", () => {
    expect(readDoc(id).unclosedFence).toBe(false);
  });

  it("shows ❌ and ✅ TypeScript examples under Examples", () => {
    const examples = readDoc(id).fences.filter((f) => f.section === "Examples" && f.lang === "ts");
    const marked = (mark: string) => examples.filter((f) => f.lines.some((line) => line.trimStart().startsWith(`// ${mark}`)));
    expect(marked("❌").length).toBeGreaterThan(0);
    expect(marked("✅").length).toBeGreaterThan(0);
  });

  it("documents every option and the shared setting under Options", () => {
    const options = sectionText(readDoc(id), "Options");
    const schema = ruleOf(id).meta.schema as readonly { properties?: Record<string, unknown> }[];
    for (const name of Object.keys(schema[0]?.properties ?? {})) expect(options).toContain(`\`${name}\``);
    expect(options).toContain(`settings["${SETTINGS_KEY}"]`);
  });

  it("says under Options that a config error is one message per file, not a crashed ESLint run", () => {
    const options = sectionText(readDoc(id), "Options");
    expect(options).toMatch(/A config error \(.*\) never stops ESLint: each linted file of the monitor gets one message at 1:1/);
    expect(options).not.toMatch(/stops ESLint with the same message/);
  });

});

// Checks that concern some rules only: one test per rule they concern, so that none is ever skipped.
const suggesting = Object.keys(pluginRules).filter((id) => ruleOf(id).meta.hasSuggestions === true);

describe.each(suggesting.map((id) => [id]))("doc rules/%s.md of a rule with suggestions", (id) => {
  it("documents its editor suggestions under Options", () => {
    expect(sectionText(readDoc(id), "Options")).toMatch(/suggestion/i);
  });
});

describe.each(PROJECT_WIDE.map((id) => [id]))("doc rules/%s.md of a rule with project-wide findings", (id) => {
  it("says its project-wide findings are computed once per ESLint process", () => {
    expect(sectionText(readDoc(id), "What it catches")).toMatch(/once per ESLint process/);
  });
});

describe("rule docs", () => {
  const docs = () =>
    readdirSync(rulesDir)
      .filter((f) => f.endsWith(".md"))
      .map((f) => f.slice(0, -".md".length))
      .sort();

  it("exist for every rule and no other, the contract's checks among them", () => {
    expect(docs()).toEqual(Object.keys(pluginRules).sort());
    for (const id of CONTRACT_RULE_IDS) expect(docs()).toContain(id);
  });

  it("cover the checks that concern some rules only: every rule with suggestions, every project-wide rule", () => {
    expect(suggesting.length).toBeGreaterThan(0);
    for (const id of PROJECT_WIDE) expect(Object.keys(pluginRules)).toContain(id);
  });
});
