// An internal error (a bug) is printed with its stack; one that has no stack (a thrown object whose stack was never
// set or was removed) is printed by its name and message, never as "undefined".
import { describe, expect, it, vi } from "vitest";
import { main } from "../../census/main.js";
import { captureIo } from "./io.js";
import { tempDir } from "../properties/trees.js";

vi.mock("../../src/config/load.js", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  loadConfig: () => {
    const error = new RangeError("the census went out of range");
    delete error.stack;
    throw error;
  },
}));

describe("an internal error without a stack", () => {
  it("is printed as its name and message, exit 2", async () => {
    const io = captureIo(tempDir("internal-no-stack"));
    expect(await main(["."], io)).toBe(2);
    expect(io.err.join("")).toBe("payload-census: internal error (a bug in payload-census, please report it):\nRangeError: the census went out of range\n");
  });
});
