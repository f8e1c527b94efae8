// npm run mutation [-- STRYKER OPTIONS]: Stryker over src/ and census/ (stryker.config.mjs), keeping every file's
// results in reports/stryker-incremental.json. With --mutate, Stryker runs over those files only, starting from the kept
// results, and its results for them are merged into the kept ones (Stryker alone would keep only the files it mutated).
//   npm run mutation -- merge FILE   merges the incremental file of a run made elsewhere (a later one) into the kept one
//   npm run mutation -- score        prints each file's score from the kept results
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { mergeReports, scoreTable } from "./merge.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const kept = join(root, "reports", "stryker-incremental.json");
const chunk = join(root, "reports", "mutation", "chunk-incremental.json");

/** @param {string} file */
const readReport = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);

/** @param {any} report */
function writeKept(report) {
  const temporary = `${kept}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(report, null, 2)}\n`);
  renameSync(temporary, kept);
}

/** @param {string} file */
function mergeInto(file) {
  const later = readReport(file);
  if (later === undefined) {
    console.error(`mutation: ${file} does not exist; nothing was merged.`);
    return 2;
  }
  const { report, dropped } = mergeReports(readReport(kept), later);
  writeKept(report);
  const { score, files } = scoreTable(report);
  console.log(
    `mutation: merged ${Object.keys(later.files ?? {}).length} file(s) into reports/stryker-incremental.json; ` +
      `${files} file(s) measured, ${score.toFixed(2)} % in all` +
      (dropped > 0 ? `; ${dropped} earlier result(s) left out, their tests changed since (the next run tests them again).` : "."),
  );
  return 0;
}

const args = process.argv.slice(2);
if (args[0] === "score") {
  const report = readReport(kept);
  if (report === undefined) {
    console.error("mutation: no kept results yet (reports/stryker-incremental.json); run npm run mutation first.");
    process.exit(2);
  }
  const { table, score, files, mutants } = scoreTable(report);
  console.log(`${table}\n\n${files} file(s), ${mutants.toLocaleString("en-US")} mutants, ${score.toFixed(2)} % in all`);
  process.exit(0);
}
if (args[0] === "merge") {
  if (args.length !== 2) {
    console.error("usage: npm run mutation -- merge FILE");
    process.exit(2);
  }
  process.exit(mergeInto(args[1]));
}

const strykerPackage = createRequire(import.meta.url).resolve("@stryker-mutator/core/package.json");
const stryker = join(dirname(strykerPackage), JSON.parse(readFileSync(strykerPackage, "utf8")).bin.stryker);
const partial = args.some((arg) => arg === "--mutate" || arg === "-m" || arg.startsWith("--mutate="));
if (!partial) {
  const run = spawnSync(process.execPath, [stryker, "run", ...args], { cwd: root, stdio: "inherit" });
  process.exit(run.status ?? 1);
}
mkdirSync(dirname(chunk), { recursive: true });
if (existsSync(kept)) copyFileSync(kept, chunk);
const before = existsSync(chunk) ? statSync(chunk).mtimeMs : undefined;
const run = spawnSync(process.execPath, [stryker, "run", "--incrementalFile", chunk, ...args], {
  cwd: root,
  stdio: "inherit",
});
if (!existsSync(chunk) || statSync(chunk).mtimeMs === before) {
  console.error("mutation: the run ended before Stryker wrote its results; the kept results are unchanged.");
  process.exit(run.status === 0 ? 1 : (run.status ?? 1));
}
const merged = mergeInto(chunk);
process.exit(merged !== 0 ? merged : (run.status ?? 1));
