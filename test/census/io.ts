// An in-memory Io for running the CLI's main() inside a test: captured streams, chosen environment and folder.
import type { Io } from "../../census/main.js";

export interface CapturedIo extends Io {
  out: string[];
  err: string[];
}

export function captureIo(cwd: string, overrides: Partial<Pick<Io, "env" | "isTTY">> = {}): CapturedIo {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (s) => void out.push(s),
    stderr: (s) => void err.push(s),
    env: overrides.env ?? {},
    isTTY: overrides.isTTY ?? false,
    cwd,
  };
}
