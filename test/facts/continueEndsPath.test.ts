// A `continue` ends the path it is on (SPEC §2.1): a value written just before it goes to the loop's next turn, not
// down the statements after it, so a write after it on the path the `continue` left does not replace it.
import { expect, it } from "vitest";
import { monitorReport } from "../project/monitorReport.js";

const server = (afterIf: string) =>
  'import { formatError } from "./helpers.js";\n' +
  "export function register(server: any) {\n" +
  '  server.registerTool("get_x", { description: "Lists x." }, async ({ xs }: { xs: string[] }) => {\n' +
  "    let err: string | null = null;\n" +
  "    for (const x of xs) {\n" +
  '      if (x === "") {\n' +
  '        err = "an empty entry";\n' +
  "        continue;\n" +
  "      }\n" +
  `      ${afterIf}\n` +
  "    }\n" +
  "    if (err != null) return err;\n" +
  '    return formatError("get_x", xs);\n' +
  "  });\n" +
  "}\n";

it("a write before a continue reaches the guard after the loop, whatever follows the if", async () => {
  const findings = async (afterIf: string) =>
    (await monitorReport({ "src/server.ts": server(afterIf) })).findings.filter((f) => f.rule === "pass-through-producer").map((f) => f.line);
  expect(await findings("err = null;")).toEqual([12]);
  expect(await findings("void x;")).toEqual([12]);
});
