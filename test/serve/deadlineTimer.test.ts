// within() bounds a wait on the monitor's code with a timer that is not unref'd (while the command awaits, it may be
// the only thing keeping node alive); once the race is decided the timer is cleared, so that it never keeps the
// process alive after the wait, whether the work settled, failed or came too late.
import { afterEach, describe, expect, it, vi } from "vitest";
import { closeWithin, LATE, within } from "../../census/serve/deadline.js";

afterEach(() => {
  vi.useRealTimers();
});

describe("within leaves no timer behind", () => {
  it("when the work settles in time", async () => {
    vi.useFakeTimers();
    expect(await within(Promise.resolve("listed"), 60_000)).toBe("listed");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("when the work fails in time", async () => {
    vi.useFakeTimers();
    await expect(within(Promise.reject(new Error("refused")), 60_000)).rejects.toThrow("refused");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("when the work is late", async () => {
    vi.useFakeTimers();
    const late = within(new Promise<never>(() => undefined), 5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await late).toBe(LATE);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("when a close returns at once", async () => {
    vi.useFakeTimers();
    await closeWithin(() => undefined, 5_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});
