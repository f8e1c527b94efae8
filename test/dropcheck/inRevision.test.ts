// inRevision: every spelling of the unpacked revision's folder, and of its files, becomes `REV:`, whichever spelling is
// the tail of which: from a working folder above the revision's folder, its relative spelling is the tail of its
// absolute one; from a working folder elsewhere, the absolute one is the tail of a relative one that climbs through `..`.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inRevision } from "../../census/dropcheck/inRevision.js";
import { displayPath } from "../../src/config/problems.js";

const posix = path.sep === "/";

describe.skipIf(!posix)("the revision's folder in a message", () => {
  it("seen from a folder above it: the relative spelling is the absolute one's tail", () => {
    const dest = "/srv/monitor/tmp/rev-a1b2";
    const message = `cannot read /srv/monitor/tmp/rev-a1b2/src/h.ts (tmp/rev-a1b2/src/h.ts); root /srv/monitor/tmp/rev-a1b2 is tmp/rev-a1b2`;
    expect(inRevision(message, dest, "HEAD~1", "tmp/rev-a1b2")).toBe("cannot read HEAD~1:src/h.ts (HEAD~1:src/h.ts); root HEAD~1: is HEAD~1:");
  });

  it("seen from a folder beside it: the absolute spelling is the relative one's tail", () => {
    const dest = "/tmp/rev-a1b2";
    const message = `cannot read ../../tmp/rev-a1b2/src/h.ts or /tmp/rev-a1b2/src/g.ts; root ../../tmp/rev-a1b2 is /tmp/rev-a1b2`;
    expect(inRevision(message, dest, "main", "../../tmp/rev-a1b2")).toBe("cannot read main:src/h.ts or main:src/g.ts; root main: is main:");
  });

  it("by default the folder is shown relative to the working folder, as the config's messages show it", () => {
    const dest = path.join(process.cwd(), "rev-c3d4");
    expect(displayPath(dest)).toBe("rev-c3d4");
    expect(inRevision(`at rev-c3d4/payload-census.config.json and ${dest}/src`, dest, "HEAD")).toBe("at HEAD:payload-census.config.json and HEAD:src");
  });

  it("a message that names no spelling of it is left as it is", () => {
    expect(inRevision("the config has no skus", "/tmp/rev-a1b2", "HEAD", "../rev-a1b2")).toBe("the config has no skus");
  });
});
