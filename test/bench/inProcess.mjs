// The bench's in-process measures, in a plain node process on the built modules (a test runner transforms what it
// imports, and its wrappers slow the census's hot loops several times over): reading and parsing every file, a full
// runCensus, and an editor's keystroke (CensusSession.findingsFor on a changed buffer), each in turn, argv[5] times.
// argv: the monitor's folder, the file listing its sources (one a line), the file an editor changes, runs.
// Prints { parse, census, keystroke }: the ms of each run.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "src");
const load = (file) => import(pathToFileURL(path.join(dist, file)).href);
const { loadConfig } = await load("config/load.js");
const { runCensus } = await load("project/census.js");
const { CensusSession } = await load("session.js");
const { parseSource } = await load("ts.js");

const [, , dir, listFile, editable, runsText] = process.argv;
const files = readFileSync(listFile, "utf8").split("\n").filter(Boolean);
const runs = Number(runsText);
const session = new CensusSession(path.join(dir, "payload-census.config.json"), { revalidateMs: 60_000 });
const text = readFileSync(editable, "utf8");
session.findingsFor(editable, text);

const cases = {
  parse: () => {
    for (const f of files) parseSource(f, readFileSync(f, "utf8"));
  },
  census: () => runCensus(loadConfig({ dir })),
  keystroke: (i) => session.findingsFor(editable, `${text}\n// edit ${i}\n`),
};
const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (let i = 0; i < runs; i++)
  for (const [name, fn] of Object.entries(cases)) {
    const start = performance.now();
    fn(i);
    times[name].push(performance.now() - start);
  }
console.log(JSON.stringify(times));
