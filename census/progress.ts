// Progress of a long census on a terminal's stderr: files done of files known, shown once a run has taken a while.

/** A run shorter than this shows no progress at all: a line that flashes by helps no one. */
const SHOW_AFTER_MS = 2000;
/** Redraws at most this often. */
const REDRAW_MS = 100;

/** A progress callback that draws `payload-census: N/M files` on one line of stderr and clears it when all are done. */
export function progressOnStderr(write: (s: string) => void, now: () => number = Date.now): (done: number, total: number) => void {
  const start = now();
  let drawn = 0;
  let shown = false;
  return (done, total) => {
    const t = now();
    if (done >= total) {
      if (shown) write("\r\x1b[K");
      shown = false;
      return;
    }
    if (t - start < SHOW_AFTER_MS || t - drawn < REDRAW_MS) return;
    drawn = t;
    shown = true;
    write(`\rpayload-census: ${done}/${total} files`);
  };
}
