// A config remembered by one release is not recalled by another: resolving runs code outside src/config/ (the count
// paths of src/model.ts, the shipped schemas), which a release may change without touching that folder, so the
// memory's key holds the version as well as the folder's code.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigMemo } from "../../src/config/configMemo.js";
import type { GlobListings } from "../../src/config/globListings.js";
import type { ResolvedConfig } from "../../src/config/types.js";
import { readVersion } from "../../src/version.js";

const TEXT = '{ "roots": ["src"] }\n';
const CONFIG = { roots: ["src"] } as unknown as ResolvedConfig;
const NO_LISTINGS = { matches: () => undefined } as unknown as GlobListings;
const FILE = "/monitor/payload-census.config.json";

let cache: string;
beforeEach(() => {
  cache = mkdtempSync(path.join(tmpdir(), "payload-census-config-version-"));
});
afterEach(() => rmSync(cache, { recursive: true, force: true }));

const remember = (memo: ConfigMemo) => memo.remember(TEXT, CONFIG, { kinds: new Map(), globs: new Set() });

describe("the remembered config across releases", () => {
  it("is recalled by the release that remembered it, this one by default", () => {
    remember(new ConfigMemo(cache, FILE));
    expect(new ConfigMemo(cache, FILE, readVersion()).recall(TEXT, NO_LISTINGS)).toMatchObject({ roots: ["src"] });
  });

  it("is resolved afresh by another release, older or newer", () => {
    remember(new ConfigMemo(cache, FILE, "1.4.0"));
    expect(new ConfigMemo(cache, FILE, "1.4.0").recall(TEXT, NO_LISTINGS)).toMatchObject({ roots: ["src"] });
    expect(new ConfigMemo(cache, FILE, "1.5.0").recall(TEXT, NO_LISTINGS)).toBeUndefined();
    expect(new ConfigMemo(cache, FILE, "1.3.9").recall(TEXT, NO_LISTINGS)).toBeUndefined();
  });
});
