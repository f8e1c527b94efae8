// Run before every test file (vitest.config.ts): what the helpers' throwaway folders need removed, test by test and file
// by file (test/tempFolders.ts).
import { afterAll, afterEach } from "vitest";
import { removeFileFolders, removeTestFolders } from "./tempFolders.js";

afterEach(removeTestFolders);
afterAll(removeFileFolders);
