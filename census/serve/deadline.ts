// Bounds on waiting for the monitor's code: a factory that never returns, a server that never answers or never closes.

/** What `within` gives back when the work did not settle in time. */
export const LATE: unique symbol = Symbol("late");

/**
 * `work`'s value, or LATE when it has not settled after `ms`; a rejection is passed on. The timer is cleared as
 * soon as the race is decided, so it never keeps the process alive after the wait. It is not unref'd: while the
 * command awaits it, it may be the only thing keeping node alive (an in-memory transport holds no handle), and
 * node would then end with the top-level await unsettled (exit 13) instead of printing the report.
 */
export async function within<T>(work: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs a close (or cleanup) of the monitor's and waits for it at most `ms`. Best effort: a close that fails or hangs
 * must not hide the answer (or the error) already in hand, so neither is reported.
 */
export async function closeWithin(close: () => unknown, ms: number): Promise<void> {
  try {
    await within(Promise.resolve(close()), ms);
  } catch {
    // nothing to do: the connection is going away either way
  }
}
