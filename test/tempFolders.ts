// Throwaway folders of the tests, removed by the hooks of test/setup.ts: after the test that made them, or after the
// test file. The hooks live in the setup file, which runs for every test file, because test files share their helper
// modules (vitest.config.ts, isolate: false): a hook registered by a helper as it loads would belong to the first file.
import { rmSync } from "node:fs";

const afterTest: string[] = [];
const afterFile: string[] = [];

/** `dir` is removed once the current test ends. */
export function removeAfterTest(dir: string): string {
  afterTest.push(dir);
  return dir;
}

/** `dir` is removed once the current test file ends. */
export function removeAfterFile(dir: string): string {
  afterFile.push(dir);
  return dir;
}

export function removeTestFolders(): void {
  for (const dir of afterTest.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function removeFileFolders(): void {
  for (const dir of afterFile.splice(0)) rmSync(dir, { recursive: true, force: true });
}
