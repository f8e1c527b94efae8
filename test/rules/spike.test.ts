// spike
import rule from "../../rules/pass-through-producer.js";
import floor from "../../rules/floor.js";
import { ruleTester, onDisk, at } from "./ruleTester.js";

const lh = onDisk("red/pass-through-producer/local-helper/src/tools/top.ts");
const fl = onDisk("red/floor/above-count/src/helpers.ts");
ruleTester.run("pass-through-producer", rule, {
  valid: [],
  invalid: [
    { name: "x", ...lh, errors: [{ messageId: "notShared", ...at(lh.code, 19, 7, "if (limitError != null)") }] },
  ],
});
ruleTester.run("floor", floor, {
  valid: [],
  invalid: [
    { name: "x", ...fl, errors: [{ messageId: "below", line: 1, column: 1, endLine: 1, endColumn: 1 }] },
  ],
});
