#!/usr/bin/env node
// The `payload-census` executable: hands argv and the real process streams to main() and sets the exit code it returns.
import module from "node:module";

// Node 22.1+ keeps the compiled code of every module between runs: a warm census is mostly module loading. Called before
// main.js is loaded, so that its whole graph benefits; on older versions there is no such cache and nothing happens.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { main } = await import("./main.js");

/** How long the process may outlive its report: only code of the monitor's (descriptions --serve) keeps it alive longer. */
const LINGER_MS = 1000;

// process.exitCode rather than process.exit(): pending stdout writes to a pipe are flushed before the process ends.
process.exitCode = await main(process.argv.slice(2), {
  stdout: (s) => void process.stdout.write(s),
  stderr: (s) => void process.stderr.write(s),
  env: process.env,
  isTTY: process.stdout.isTTY === true,
  stderrIsTTY: process.stderr.isTTY === true,
  cwd: process.cwd(),
});

// The monitor's factory, run in-process by descriptions --serve, may leave a timer or a socket open that payload-census
// cannot close. Unref'd, this never delays a process that ends by itself; otherwise it ends it once both streams have
// flushed what was written to them.
setTimeout(() => process.stdout.write("", () => process.stderr.write("", () => process.exit())), LINGER_MS).unref();
