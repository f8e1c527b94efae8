// dropcheck names a revision's files `REV:path` in its messages, and the revision's top folder itself `REV:`: never the
// folder it unpacked the revision into, which is gone by the time the message is read.
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { afterEach, beforeEach, expect, it } from "vitest";
import { main } from "../../census/main.js";
import { captureIo } from "../census/io.js";
import { committedRepo } from "./gitRepo.js";

let repo: string;

beforeEach(() => {
  // A SKU rooted at the repository's top whose tools glob matches no file.
  const config = { skus: [{ name: "full", root: ".", helpers: "src/h.ts", producers: [], tools: ["src/tools/*.ts"] }] };
  repo = committedRepo("payload-census-dropcheck-top-", { "payload-census.config.json": JSON.stringify(config), "src/h.ts": "export const h = 1;\n" });
});

afterEach(() => {
  rmSync(repo, { recursive: true, force: true });
});

it("a message about the revision's top folder names it HEAD:, not the folder it was unpacked into", async () => {
  const io = captureIo(repo);
  const code = await main(["dropcheck", "--base", "HEAD"], io);
  const err = io.err.join("");
  expect(code).toBe(2);
  expect(err).toContain("HEAD:");
  expect(err).not.toContain("payload-census-dropcheck-");
  expect(err).not.toContain(tmpdir());
  expect(err).toContain("matches no file under the SKU's root HEAD: (node_modules");
});
