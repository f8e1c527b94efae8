// Splits the command line of `descriptions --stdio "CMD ARGS"` into words as a POSIX shell would, for simple quoting only: nothing is executed by a shell.
import { UsageError } from "../../src/errors.js";

/** Unquoted, these would mean something to a shell that runs nothing here: refused rather than passed on as words. */
const SHELL_ONLY = new Set(["|", "&", ";", "<", ">", "(", ")", "$", "`"]);

/**
 * The words of `line`: whitespace separates them; '...' keeps everything literally; "..." keeps everything but a
 * backslash before `"`, `\`, `$` or `` ` ``; outside quotes a backslash keeps the next character when it is a space,
 * a quote, a backslash or a shell character, and is itself kept before any other (so `C:\srv\x.js` survives).
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      continue;
    }
    inWord = true;
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) throw unclosed(line, "'");
      word += line.slice(i + 1, end);
      i = end;
    } else if (ch === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === "\\" && j + 1 < line.length && '"\\$`'.includes(line[j + 1]!)) j++;
        word += line[j];
      }
      if (j >= line.length) throw unclosed(line, '"');
      i = j;
    } else if (ch === "\\") {
      const next = line[i + 1];
      if (next !== undefined && (/\s/.test(next) || "'\"\\".includes(next) || SHELL_ONLY.has(next))) {
        word += next;
        i++;
      } else {
        word += ch;
      }
    } else if (SHELL_ONLY.has(ch)) {
      throw new UsageError(
        `--stdio "${line}": \`${ch}\` means something to a shell, and --stdio runs the command without one; quote it to pass it as an argument, or put the pipeline in a script`,
      );
    } else {
      word += ch;
    }
  }
  if (inWord) words.push(word);
  if (words.length === 0) throw new UsageError('--stdio needs the command that starts the server, e.g. --stdio "node dist/server.js"');
  const assignment = /^[A-Za-z_][A-Za-z0-9_]*=/.exec(words[0]!);
  if (assignment) {
    throw new UsageError(
      `--stdio "${line}" starts with ${assignment[0]}, a shell's variable assignment: --stdio runs the command without a shell; set the variable for payload-census itself (the server inherits its environment)`,
    );
  }
  return words;
}

function unclosed(line: string, quote: string): UsageError {
  return new UsageError(`--stdio "${line}": a ${quote} quote is not closed`);
}
