// The name of a function assigned to a target written with `await` (`(await x) = () => …`): TypeScript parses it
// (the invalid target is its checker's error, not its parser's), so the census reads such a file, but no variable or
// property holds the function: it is named by nothing, where a cast or a `!` around the same name still names it.
import { expect, it } from "vitest";
import { parseDiagnostics, parseSource } from "../../src/ts.js";
import { functionNames } from "./functionNames.js";

it("a function assigned to an awaited name is named by nothing; through a cast or a `!`, by the name", () => {
  const source = [
    "async function outer(x: any) {",
    "  (await x) = () => 1;",
    "  (x as any) = () => 2;",
    "  x! = () => 3;",
    "}",
  ].join("\n");
  expect(parseDiagnostics(parseSource("probe.ts", source))).toEqual([]);
  expect(functionNames(source)).toEqual(["outer", null, "x", "x"]);
});
