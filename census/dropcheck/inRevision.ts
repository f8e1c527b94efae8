// Messages about a revision's files name them `REV:path`, as git does: never the temporary folder the revision was
// unpacked into, which is gone by the time the message is read.
import path from "node:path";
import { displayPath } from "../../src/config/problems.js";

/**
 * `message` with each spelling of the folder `dest` (as shown relative to the working folder, `shown`; absolute; absolute
 * with `/`), and of the files under it, written `rev:`. Longest spelling first: one may be the tail of another (the
 * relative one of the absolute one, from a working folder above `dest`; the absolute one of a relative one that climbs
 * to it through `..`), and a shorter one replaced first would leave the rest of the longer in the message. A file's
 * spelling (the folder and a separator) is longer than the folder's, so a file becomes `rev:path`, the folder itself
 * `rev:` (the revision's top, as git writes it).
 */
export function inRevision(message: string, dest: string, rev: string, shown = displayPath(dest)): string {
  const folders = [shown, dest, dest.split(path.sep).join("/")];
  const spellings = [...new Set([...folders.map((folder) => folder + "/"), dest + path.sep, ...folders])];
  spellings.sort((a, b) => b.length - a.length);
  let out = message;
  for (const spelling of spellings) out = out.split(spelling).join(`${rev}:`);
  return out;
}
