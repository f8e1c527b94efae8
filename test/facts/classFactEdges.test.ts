// Class facts at the edges of what parses (src/facts/classes.ts): an `extends` clause the parser accepts with no type
// in it (TypeScript leaves "'extends' list cannot be empty" to its checker) extends nothing, and a member whose name
// the census cannot read is no member, whatever it holds.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));
const classesOf = (source: string) => {
  const facts = extractFileFacts("src/tools/t.ts", source, options);
  return { parseErrors: facts.parseErrors.map((e) => e.message), classes: facts.classes.map((c) => ({ name: c.name, extends: c.extends, members: Object.keys(c.members) })) };
};

it("an `extends` clause with no type extends nothing, and the file's facts are read", () => {
  expect(classesOf('export class Empty extends {}\nexport class Named { name = "n"; }\n')).toEqual({
    parseErrors: [],
    classes: [
      { name: "Empty", extends: null, members: [] },
      { name: "Named", extends: null, members: ["name"] },
    ],
  });
});

it("a member named by a computed key the census cannot read is left out; one it can read is kept", () => {
  expect(classesOf('const k = pick();\nexport class T {\n  [k] = "a";\n  ["literal"] = "b";\n  static [k] = "c";\n  name = "d";\n}\n')).toEqual({
    parseErrors: [],
    classes: [{ name: "T", extends: null, members: ["literal", "name"] }],
  });
});
