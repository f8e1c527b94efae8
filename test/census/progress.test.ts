// Progress on a terminal: nothing during the first two seconds, then `files done/known` redrawn at most every 100 ms on
// one line, cleared when the work is done.
import { describe, expect, it } from "vitest";
import { progressOnStderr } from "../../census/progress.js";

describe("progressOnStderr", () => {
  it("stays silent on a short run, even when it ends", () => {
    let now = 0;
    const written: string[] = [];
    const progress = progressOnStderr((s) => written.push(s), () => now);
    for (let done = 1; done <= 10; done++) {
      now += 150;
      progress(done, 10);
    }
    expect(written).toEqual([]);
  });

  it("draws after two seconds, at most every 100 ms, and clears its line at the end", () => {
    let now = 0;
    const written: string[] = [];
    const progress = progressOnStderr((s) => written.push(s), () => now);
    now = 1999;
    progress(1, 100);
    now = 2000;
    progress(2, 100);
    now = 2050;
    progress(3, 100);
    now = 2100;
    progress(4, 120);
    now = 2300;
    progress(120, 120);
    expect(written).toEqual(["\rpayload-census: 2/100 files", "\rpayload-census: 4/120 files", "\r\u001b[K"]);
  });
});
