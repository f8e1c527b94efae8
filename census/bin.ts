#!/usr/bin/env node
// The `payload-census` executable: hands argv and the real process streams to main() and sets the exit code it returns.
import { main } from "./main.js";

// process.exitCode rather than process.exit(): pending stdout writes to a pipe are flushed before the process ends.
process.exitCode = await main(process.argv.slice(2), {
  stdout: (s) => void process.stdout.write(s),
  stderr: (s) => void process.stderr.write(s),
  env: process.env,
  isTTY: process.stdout.isTTY === true,
  cwd: process.cwd(),
});
