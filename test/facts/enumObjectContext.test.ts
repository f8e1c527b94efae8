// A string that is a property's value in an object literal inside an enum member's initializer, or a template's
// part there, still reads the enum's other members by their bare names: a serialised envelope built from a sibling
// member has its word.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

const words = (source: string) => extractFileFacts("src/tools/t.ts", source, options).builds.map((b) => [b.k, b.word]);

it("a property's value in an object literal of a member's initializer", () => {
  const source = 'export enum Msg { S = "error", E = ({ k: `{"status":"` + S + `"}` }).k.length }';
  expect(words(source)).toEqual([["serialised", { k: "str", v: '{"status":"error"}' }]]);
});
