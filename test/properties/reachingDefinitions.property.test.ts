// Reaching definitions at a guarded pass-through, on generated tool bodies: fixed cases first found by generation.
import { describe, expect, it } from "vitest";
import { tracedAt } from "./tracer.js";

// Shrunk counterexamples that a comparison of the tracer with a brute-force oracle found on generated tool bodies, and
// the shapes they stand for in a tool, kept as fixed cases. Each was a tracer bug; the comment says what was wrong and
// where it was fixed.
describe("regressions: counterexamples generation found", () => {
  const program = (...body: string[]): string => ["export async function handler(x: number) {", ...body, "}", ""].join("\n");

  // Bug: a loop with no write and no jump in it was not walked at all (the walker skips what holds no write), so an
  // endless `for (;;)` or `while (true)` let its entry state flow on as if the loop ended. Fixed in writes.ts: a loop
  // whose condition is absent or literally `true` is walked like a jump. Shrunk counterexample: the tracer said [] (no
  // value reaches), the oracle "unreachable".
  it("the code after an endless loop is unreachable", () => {
    const text = program("  let tmp = null;", "  let first;", "  let err;", "  for (;;) {", "  }", "  if (err != null) return err;");
    expect(tracedAt(text, 7)).toEqual(["unreachable"]);
  });

  it("the code after a do-while(true) is unreachable", () => {
    const text = program("  let err = validateTop(x);", "  do {", "    log(x);", "  } while (true);", "  if (err != null) return err;");
    expect(tracedAt(text, 6)).toEqual(["unreachable"]);
  });

  // The same bug in a tool: the helper's value, overwritten on the one branch that goes on, was reported as reaching.
  it("an endless loop on one branch: only the other branch's write reaches", () => {
    const text = program(
      "  let err = checkLimit(x);",
      "  if (c()) {",
      "    err = validateTop(x);",
      "  } else {",
      "    while (true) {",
      "      log(x);",
      "    }",
      "  }",
      "  if (err != null) return err;",
    );
    expect(tracedAt(text, 10)).toEqual(["write at line 4"]);
  });
});
