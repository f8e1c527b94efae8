// Where /usr/bin/time is missing: runs the node script argv[3] with the arguments after it in this process, and at exit
// writes its peak resident set (process.resourceUsage().maxRSS, in KB, worker threads included) to the file argv[2].
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [, , rssFile, script, ...args] = process.argv;
process.on("exit", () => writeFileSync(rssFile, String(process.resourceUsage().maxRSS)));
process.argv = [process.argv[0], path.resolve(script), ...args];
await import(pathToFileURL(path.resolve(script)).href);
