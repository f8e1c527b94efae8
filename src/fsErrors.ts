// Why the file system refused a read, in words rather than an error code: one table for the config, the roster, the
// tool globs' walks and the source files. (A write's refusal has its own words, census/writers/atomic.ts: what to do
// differs.)

/** The words for a read's error code; the code itself (or the error's text) for anything rarer. */
export function readFailure(error: unknown): string {
  const e = error as NodeJS.ErrnoException | null | undefined;
  switch (e?.code) {
    case "ENOENT":
      return "no such file";
    case "EISDIR":
      return "it is a folder";
    case "ENOTDIR":
      return "a part of its path is a file, not a folder";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "ELOOP":
      return "too many levels of symbolic links";
    case "ENAMETOOLONG":
      return "a path is too long";
    case "EMFILE":
    case "ENFILE":
      return "too many open files";
    default:
      return e?.code ?? (e instanceof Error ? e.message : String(error));
  }
}
