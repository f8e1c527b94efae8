// A pass-through whose value is a parameter names the function it is a parameter of, whether the parameter is one name
// or a name taken apart from it (`{ err }`, `[err]`, `{ inner: { err } }`).
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { extractFileFacts } from "../../src/facts/extract.js";
import { extractOptionsOf } from "../../src/project/factStore.js";
import { TEMPLATE_MONITOR } from "../properties/tracer.js";

const options = extractOptionsOf(loadConfig({ dir: TEMPLATE_MONITOR }));

it.each(["err: string | null", "{ err }: { err: string | null }", "[err]: (string | null)[]", "{ inner: { err } }: any"])(
  "a parameter written `%s` is the parameter of its function",
  (parameter) => {
    const text = `export async function handle(${parameter}): Promise<string> {\n  if (err != null) return err;\n  return "{}";\n}\n`;
    const [guard] = extractFileFacts("handle.ts", text, options).passThroughs;
    expect(guard!.defs.map((d) => ({ kind: d.kind, fn: d.fn }))).toEqual([{ kind: "parameter", fn: "handle" }]);
  },
);
