// The bench's baseline: TypeScript's parser alone, single-threaded, over the files listed (one a line) in argv[2].
// Prints how many files it parsed, so the harness knows it read them all.
import { readFileSync } from "node:fs";
import ts from "typescript";

const files = readFileSync(process.argv[2], "utf8").split("\n").filter(Boolean);
for (const file of files) ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
console.log(files.length);
