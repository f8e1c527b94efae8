// A namespace import of the runtime module (`import * as envelope from "payload-census/envelope"`) as a value (src/
// project/dataResolver.ts, `namespace`): the census's own module, never a file of the monitor, even where the
// monitor's tsconfig.json would map its name to one; its namespace is a whole module object the census cannot list.
import { expect, it } from "vitest";
import { discoveryReasons, monitorReport } from "./monitorReport.js";

const SERVER =
  'import * as envelope from "payload-census/envelope";\n' +
  "export function register(server) {\n" +
  "  for (const t of Object.values(envelope)) server.registerTool(t.name, { description: t.description }, async () => ({ content: [] }));\n" +
  "}\n";

const UNSEEN = "it comes from a list the census cannot see: `payload-census/envelope` is a whole module object";

it("its namespace is a whole module object, and the loop's tool says so", async () => {
  const report = await monitorReport({ "src/server.ts": SERVER });
  expect(report.counts.tools).toBe(1);
  expect(discoveryReasons(report)).toEqual([UNSEEN]);
});

it("a baseUrl under which a file has the runtime module's name does not make it that file", async () => {
  const report = await monitorReport({
    "src/server.ts": SERVER,
    "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: "." } }),
    "payload-census/envelope.ts": 'export const tool = { name: "shadow", description: "A file named like the runtime module." };\n',
  });
  expect(report.counts.tools).toBe(1);
  expect(discoveryReasons(report)).toEqual([UNSEEN]);
});
