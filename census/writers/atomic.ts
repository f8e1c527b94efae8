// The one way the CLI writes a file: atomically (temp file + rename), so an interrupted write never leaves a half file.
import { UserError } from "../../src/errors.js";

/**
 * Writes `text` to `file` (absolute) through a temporary sibling renamed over it. A failing file system (missing
 * folder, read-only file) is something the user can fix, so it becomes a UserError naming `what` was being written
 * and saying, in words, what is wrong.
 */
export async function writeAtomically(file: string, text: string, what: string): Promise<void> {
  try {
    // Loaded on the first write: a run that only prints does not pay for it.
    const { default: writeFileAtomic } = await import("write-file-atomic");
    await writeFileAtomic(file, text, { encoding: "utf8" });
  } catch (error) {
    if (isFsError(error)) throw new UserError(`cannot write ${what}: ${whyNotWritten(error)}`);
    throw error;
  }
}

/** What a failed write means for the person who asked for it; the system's own message for anything rarer. */
export function whyNotWritten(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case "ENOENT":
      return "its folder does not exist (payload-census does not create folders)";
    case "ENOTDIR":
      return "a part of its path is a file, not a folder";
    case "EISDIR":
      return "it is a folder; give a file name";
    case "EACCES":
    case "EPERM":
      return "permission denied (the file or its folder is not writable)";
    case "EROFS":
      return "the file system is read-only";
    case "ENOSPC":
      return "no space left on the device";
    case "EDQUOT":
      return "the disk quota is exceeded";
    case "ENAMETOOLONG":
      return "the path is too long";
    case "ELOOP":
      return "too many levels of symbolic links in its path";
    case "EBUSY":
      return "the file is busy (in use by another program)";
    default:
      return error.message;
  }
}

function isFsError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string";
}
