// Paths as the census prints them: relative, with `/` separators on every platform, so output is the same everywhere.
import path from "node:path";

/** `to` relative to the folder `from`, `/`-separated. */
export function slashRelative(from: string, to: string): string {
  return path.relative(from, to).split(path.sep).join("/");
}
