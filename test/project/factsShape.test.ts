// What a cache entry's body must be to be trusted as a file's facts (src/project/factCache.ts: isFactsShaped): every
// field of FileFacts, each of its kind (a list or an object), the optional ones absent or of their kind; anything
// else is rebuilt, never read.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { isFactsShaped } from "../../src/project/factCache.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const facts = (): Record<string, unknown> =>
  JSON.parse(JSON.stringify(extractFileFacts("src/tools/t.ts", 'import { z } from "zod";\nexport const S = z.string();\nexport function f() { return 1; }\n', options))) as Record<string, unknown>;

const LISTS = ["parseErrors", "exports", "requests", "classes", "dispatch", "calls", "tools", "passThroughs", "builds"];
const OBJECTS = ["imports", "constants", "declarations", "factories", "objects", "functions", "data"];
const OPTIONAL = { schemas: "object", toolLike: "list" } as const;

describe("a cache entry's facts", () => {
  it("the facts a census extracts are trusted, with or without the optional fields", () => {
    const whole = facts();
    expect(isFactsShaped(whole)).toBe(true);
    const { schemas: _s, toolLike: _t, ...without } = whole;
    expect(isFactsShaped(without)).toBe(true);
  });

  it.each(LISTS)("%s: missing, null, an object or text is not trusted", (field) => {
    for (const wrong of [undefined, null, {}, "x"]) expect(isFactsShaped({ ...facts(), [field]: wrong }), `${field}: ${JSON.stringify(wrong)}`).toBe(false);
    expect(isFactsShaped({ ...facts(), [field]: [] })).toBe(true);
  });

  it.each(OBJECTS)("%s: missing, null, a list or text is not trusted", (field) => {
    for (const wrong of [undefined, null, [], "x"]) expect(isFactsShaped({ ...facts(), [field]: wrong }), `${field}: ${JSON.stringify(wrong)}`).toBe(false);
    expect(isFactsShaped({ ...facts(), [field]: {} })).toBe(true);
  });

  it.each(Object.entries(OPTIONAL))("%s (optional, a%s): absent is trusted, the other kind or null is not", (field, kind) => {
    const right = kind === "list" ? [] : {};
    const wrong = kind === "list" ? {} : [];
    expect(isFactsShaped({ ...facts(), [field]: right })).toBe(true);
    expect(isFactsShaped({ ...facts(), [field]: wrong })).toBe(false);
    expect(isFactsShaped({ ...facts(), [field]: null })).toBe(false);
  });

  it("null, a list, text or a number is no facts", () => {
    for (const value of [null, [], "facts", 3, true]) expect(isFactsShaped(value), JSON.stringify(value)).toBe(false);
  });
});
