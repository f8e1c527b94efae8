// merge refuses a partial report that is a file but cannot be read, naming it as typed and saying why in the system's
// code. Linux's /proc/self/mem stands in for it: a regular file whose read fails (EIO), where a file the user may not
// read would be read anyway by the root user these tests may run as.
import { statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { tempDir } from "../properties/trees.js";
import { captureIo } from "./io.js";

describe("merge refuses a partial it cannot read", () => {
  it.skipIf(process.platform !== "linux")("says which and why, exit 2", async () => {
    expect(statSync("/proc/self/mem").isFile()).toBe(true);
    const io = captureIo(tempDir("merge-unreadable"));
    const code = await main(["merge", "/proc/self/mem"], io);
    expect([code, io.err.join(""), io.out.join("")]).toEqual([2, "payload-census: cannot read /proc/self/mem: EIO\n", ""]);
  });
});
