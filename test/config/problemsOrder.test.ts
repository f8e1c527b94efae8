// One error for all problems of a file (src/config/problems.ts): problems in file order by line, then column, those the
// document cannot place first (a file that holds no value), a missing path at the nearest value that is there, in the order given where two share a place; the first's
// path is the error's; and the article of each JSON type a message names.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseJsonDocument } from "../../src/config/jsonDocument.js";
import { problemsError, schemaProblems } from "../../src/config/problems.js";

const file = path.join(process.cwd(), "cfg", "payload-census.config.json");
const text = '{\n  "a": 1, "b": 2,\n  "c": {\n    "d": 3\n  }\n}\n';

describe("problemsError", () => {
  it("orders problems by line, then column; unplaced first; ties as given; the first's path is the error's", () => {
    const doc = parseJsonDocument(text);
    const error = problemsError("config", file, doc, [
      { path: ["c", "d"], message: "fourth line" },
      { path: ["b"], message: "second line, far" },
      { path: ["a"], message: "second line, near" },
      { path: ["nowhere", 9], message: "not placed" },
      { path: ["x"], message: "placed by hand at 2:3", position: { line: 2, column: 3 } },
    ]);
    expect(error.message.split("\n")).toEqual([
      "Invalid config cfg/payload-census.config.json (5 problems):",
      "  cfg/payload-census.config.json:1:1  nowhere[9]: not placed",
      "  cfg/payload-census.config.json:2:3  a: second line, near",
      "  cfg/payload-census.config.json:2:3  x: placed by hand at 2:3",
      "  cfg/payload-census.config.json:2:11  b: second line, far",
      "  cfg/payload-census.config.json:4:5  c.d: fourth line",
    ]);
    expect(error.jsonPath).toBe("nowhere[9]");
    expect(error.file).toBe(file);
  });

  it("puts problems a document without a value cannot place first, before those placed by hand", () => {
    const doc = parseJsonDocument("");
    const error = problemsError("config", file, doc, [
      { path: [], message: "placed at 1:1", position: { line: 1, column: 1 } },
      { path: ["skus"], message: "nowhere" },
      { path: [], message: "placed at 1:1 too", position: { line: 1, column: 1 } },
      { path: [], message: "also nowhere" },
    ]);
    expect(error.message.split("\n").slice(1)).toEqual([
      "  cfg/payload-census.config.json  skus: nowhere",
      "  cfg/payload-census.config.json  (top level): also nowhere",
      "  cfg/payload-census.config.json:1:1  (top level): placed at 1:1",
      "  cfg/payload-census.config.json:1:1  (top level): placed at 1:1 too",
    ]);
    expect(error.jsonPath).toBe("skus");
  });

  it("counts one problem in the singular, and has no path without a problem", () => {
    const doc = parseJsonDocument(text);
    expect(problemsError("roster", file, doc, [{ path: ["a"], message: "m" }]).message.split("\n")[0]).toBe("Invalid roster cfg/payload-census.config.json (1 problem):");
    const none = problemsError("roster", file, doc, []);
    expect(none.jsonPath).toBeUndefined();
    expect(none.message).toBe("Invalid roster cfg/payload-census.config.json (0 problems):");
  });
});
