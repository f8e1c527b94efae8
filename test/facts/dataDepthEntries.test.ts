// Keys computed from what the file cannot evaluate (`[K.name]: value`, `[list[0]]: value`) are read as deep as any
// property: the value and the key expression one level below the object, then cut at the reader's depth, as for
// `key: value`.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";
import { nested } from "./dataReader.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

/** Whether reading `TOOLS = object` stopped somewhere for depth. */
const cut = (object: string): boolean => {
  const facts = extractFileFacts("t.ts", `import { K } from "./k.js";\nexport const TOOLS = ${object};\n`, options);
  return JSON.stringify(facts.data).includes("is nested too deeply to read");
};

it("a computed key's value: 62 arrays are read to the bottom, 63 are cut, as under a plain key", () => {
  expect([cut(`{ a: ${nested(62)} }`), cut(`{ a: ${nested(63)} }`)]).toEqual([false, true]);
  expect([cut(`{ [K.a]: ${nested(62)} }`), cut(`{ [K.a]: ${nested(63)} }`)]).toEqual([false, true]);
});

it("a computed key itself: read as deep as a plain key's value", () => {
  expect([cut(`{ a: ${nested(61)}[0] }`), cut(`{ a: ${nested(62)}[0] }`)]).toEqual([false, true]);
  expect([cut(`{ [${nested(61)}[0]]: 1 }`), cut(`{ [${nested(62)}[0]]: 1 }`)]).toEqual([false, true]);
});
