// The resolved config remembered in the cache folder with everything resolving it read: the config's text, the kind
// of every root and file it names (a file, a folder, nothing), and each tool glob's walk (see globListings.ts). While
// all of those are as they were, resolving would give the same config, so a warm run takes it without parsing,
// validating or walking anything: it loads neither the schema nor the validators, and parses the text only if a finding
// is placed in the config (its line and column). A config with problems is never remembered: its run fails with them.
import { createHash } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { codeDigest, readEntry, writeEntry } from "../cacheEntry.js";
import { readVersion } from "../version.js";
import type { GlobListings } from "./globListings.js";
import { parseJsonDocument, type JsonDocument } from "./jsonDocument.js";
import { kindOf, type PathKind } from "./kinds.js";
import type { ResolvedConfig } from "./types.js";

const FORMAT = "payload-census-config/1";

/** What resolving a config read besides its text: filled by resolveConfig as it goes. */
export interface ResolutionReads {
  /** Each path whose kind was asked, with the answer. */
  kinds: Map<string, PathKind>;
  /** The key of each tool glob walked or answered by a listing. */
  globs: Set<string>;
}

interface Entry {
  text: string;
  /** The resolved config as JSON: its position lookups (functions) are made again from the text on recall. */
  config: ResolvedConfig;
  kinds: [string, PathKind][];
  globs: string[];
}

export class ConfigMemo {
  private readonly file: string;
  private readonly key: string;

  /** `version`: the release whose memory this is (this one's unless a test names another). */
  constructor(cacheDir: string, configFile: string, version = readVersion()) {
    this.file = path.join(cacheDir, "config", `${createHash("sha1").update(configFile).digest("hex")}.json`);
    this.key = codeKey(version);
  }

  /** The config resolved from `text` last time, when every kind and walk it read is unchanged; undefined otherwise. */
  recall(text: string, listings: GlobListings): ResolvedConfig | undefined {
    const entry = readEntry(this.file);
    if (!entry || entry.header.format !== FORMAT || entry.header.key !== this.key) return undefined;
    let remembered: Entry;
    try {
      remembered = JSON.parse(entry.body) as Entry;
    } catch {
      return undefined;
    }
    if (remembered.text !== hashOf(text) || !Array.isArray(remembered.kinds) || !Array.isArray(remembered.globs)) return undefined;
    if (!remembered.kinds.every(([file, kind]) => kindOf(file) === kind)) return undefined;
    if (!remembered.globs.every((key) => listings.matches(key) !== undefined)) return undefined;
    // Where a JSON path is written in the config is asked only for a finding placed in it: the text is parsed then.
    let doc: JsonDocument | undefined;
    const document = (): JsonDocument => (doc ??= parseJsonDocument(text));
    return { ...remembered.config, lineOf: (at) => document().lineOf(at), positionOf: (at) => document().positionOf(at) };
  }

  /** Remembers `config`, resolved from `text` with `reads`. */
  remember(text: string, config: ResolvedConfig, reads: ResolutionReads): void {
    const entry: Entry = { text: hashOf(text), config, kinds: [...reads.kinds], globs: [...reads.globs] };
    writeEntry(this.file, { format: FORMAT, key: this.key }, JSON.stringify(entry));
  }
}

function hashOf(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

/** The version and the code of this folder (resolution may change with either, even at one version number). */
function codeKey(version: string): string {
  return codeDigest([version], path.dirname(fileURLToPath(import.meta.url)));
}
