// Progress against a clock that does not start at zero (Date.now never does), and a line cleared once however often
// the end is told.
import { describe, expect, it } from "vitest";
import { progressOnStderr } from "../../census/progress.js";

describe("progressOnStderr, on a real clock's values", () => {
  it("counts the two seconds from the run's start, not from the clock's zero", () => {
    let now = 1_700_000_000_000;
    const written: string[] = [];
    const progress = progressOnStderr((s) => written.push(s), () => now);
    now += 1500;
    progress(1, 10);
    expect(written).toEqual([]);
    now += 600;
    progress(2, 10);
    expect(written).toEqual(["\rpayload-census: 2/10 files"]);
  });

  it("clears its line once when the end is told twice, and not at all after a silent run", () => {
    let now = 5_000;
    const written: string[] = [];
    const progress = progressOnStderr((s) => written.push(s), () => now);
    now += 2500;
    progress(3, 10);
    progress(10, 10);
    progress(10, 10);
    expect(written).toEqual(["\rpayload-census: 3/10 files", "\r\x1b[K"]);
  });
});
