// scratch
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { it } from "vitest";
import { sessionFor, findConfigFile } from "../../src/session.js";
import { fixture } from "./ruleTester.js";

it("dump", () => {
  const targets = (process.env.T ?? "").split(",");
  for (const t of targets) {
    const file = fixture(t);
    const cfg = findConfigFile(file)!;
    const s = sessionFor(cfg);
    const text = process.env.EDIT ? readFileSync(process.env.EDIT, "utf8") : undefined;
    for (const f of s.findingsFor(file, text)) {
      console.log(JSON.stringify({ ...f, message: undefined, data: undefined }));
    }
  }
});
