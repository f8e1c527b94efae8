// The one way the CLI writes a file: atomically (temp file + rename), so an interrupted write never leaves a half file.
import writeFileAtomic from "write-file-atomic";
import { UserError } from "../../src/errors.js";

/**
 * Writes `text` to `file` (absolute) through a temporary sibling renamed over it. A failing file system (missing
 * folder, read-only file) is something the user can fix, so it becomes a UserError naming `what` was being written.
 */
export async function writeAtomically(file: string, text: string, what: string): Promise<void> {
  try {
    await writeFileAtomic(file, text, { encoding: "utf8" });
  } catch (error) {
    if (isFsError(error)) throw new UserError(`cannot write ${what}: ${error.message}`);
    throw error;
  }
}

function isFsError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string";
}
