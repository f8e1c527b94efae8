// A worker of the fact pool: extracts the facts of the files it is given, stores each in the content cache, and hands
// them back as JSON (the form the cache holds, so a cold run and a warm one read the same values).
import { extractFileFacts } from "../facts/extract.js";
import type { ExtractOptions } from "../facts/fileIndex.js";
import { keepParserCode } from "../tsCodeCache.js";
import { FactCache, type CacheSpec } from "./factCache.js";
import type { PendingFile } from "./factStore.js";

export interface FactTask {
  files: PendingFile[];
  options: ExtractOptions;
  cache: CacheSpec | null;
}

export default function extractBatch(task: FactTask): string[] {
  const cache = task.cache ? new FactCache(task.cache) : undefined;
  const facts = task.files.map((f) => {
    const json = JSON.stringify(extractFileFacts(f.file, f.text, task.options));
    cache?.write(f.file, f.content, json);
    return json;
  });
  keepParserCode();
  return facts;
}
