// A string inside an enum member's initializer, below parentheses or a cast, still reads the enum's other members by
// their bare names, as TypeScript resolves them there: a hand-serialised envelope built from a sibling member has its
// word.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

const words = (source: string) => extractFileFacts("src/tools/t.ts", source, options).builds.map((b) => [b.k, b.word]);

it.each([
  ["in parentheses", 'export enum Msg { S = "error", E = (`{"status":"` + S + `"}`) }'],
  ["under a cast", 'export enum Msg { S = "error", E = (`{"status":"` + S + `"}`) as string }'],
  ["a template in parentheses", 'export enum Msg { S = "error", E = (`{"status":"${S}"}`) }'],
])("%s: the sibling member's text", (_name, source) => {
  expect(words(source)).toEqual([["serialised", { k: "str", v: '{"status":"error"}' }]]);
});
