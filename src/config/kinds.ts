// What is at a path, in the words a config problem uses: a file, a folder, a special file, or nothing.
import { statSync } from "node:fs";

export type PathKind = "file" | "folder" | "special" | "missing";

export const KIND_NAMES = { file: "a file", folder: "a folder", special: "a special file (a FIFO, socket or device)", missing: "nothing" } as const;

export function kindOf(path: string): PathKind {
  try {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat === undefined) return "missing";
    // A FIFO, a socket or a device: reading one could block the run, and it holds no source anyway.
    return stat.isDirectory() ? "folder" : stat.isFile() ? "file" : "special";
  } catch {
    // ENOTDIR (a file used as a folder on the way) or a dangling link: for the user, it is not there.
    return "missing";
  }
}

/** When the entry at a path last changed (ms since the epoch), or undefined when there is none. */
export function modifiedAt(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

