// splitCommandLine: the words of --stdio "CMD ARGS" as a POSIX shell would split simple quoting, and what it refuses.
import { describe, expect, it } from "vitest";
import { splitCommandLine } from "../../census/serve/commandLine.js";
import { UsageError } from "../../src/errors.js";

function refusal(line: string): string {
  try {
    splitCommandLine(line);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`${line} was split`);
}

describe("words", () => {
  it.each([
    ["node dist/server.js", ["node", "dist/server.js"]],
    ["  node \t x  ", ["node", "x"]],
    ["node 'a b' c", ["node", "a b", "c"]],
    ["node 'it\"s'", ["node", 'it"s']],
    ["node x'y'z", ["node", "xyz"]],
    ["node ''", ["node", ""]],
    ['node "a b"', ["node", "a b"]],
    ['node ""', ["node", ""]],
    ['node "a\\"b"', ["node", 'a"b']],
    ['node "a\\\\b"', ["node", "a\\b"]],
    ['node "a\\$b"', ["node", "a$b"]],
    ['node "a\\`b"', ["node", "a`b"]],
    ['node "a\\nb"', ["node", "a\\nb"]],
    ['node "a\\"', null],
    ["node a\\ b", ["node", "a b"]],
    ["node a\\'b", ["node", "a'b"]],
    ['node a\\"b', ["node", 'a"b']],
    ["node a\\\\b", ["node", "a\\b"]],
    ["node a\\|b", ["node", "a|b"]],
    ["node C:\\srv\\x.js", ["node", "C:\\srv\\x.js"]],
    ["node x\\", ["node", "x\\"]],
    ["node 'a|b' \"c;d\"", ["node", "a|b", "c;d"]],
  ] as const)("%j", (line, words) => {
    if (words === null) expect(refusal(line)).toBe(`--stdio "${line}": a " quote is not closed`);
    else expect(splitCommandLine(line)).toEqual(words);
  });
});

describe("refusals", () => {
  it.each(["'", '"'])("an unclosed %s quote", (quote) => {
    const line = `node ${quote}a b`;
    expect(refusal(line)).toBe(`--stdio "${line}": a ${quote} quote is not closed`);
  });

  it("a quote closed by the line's last character is closed", () => {
    expect(splitCommandLine('node "a"')).toEqual(["node", "a"]);
    expect(splitCommandLine("node 'a'")).toEqual(["node", "a"]);
  });

  it.each(["|", "&", ";", "<", ">", "(", ")", "$", "`"])("an unquoted %s", (ch) => {
    const line = `node a ${ch} b`;
    expect(refusal(line)).toBe(
      `--stdio "${line}": \`${ch}\` means something to a shell, and --stdio runs the command without one; quote it to pass it as an argument, or put the pipeline in a script`,
    );
  });

  it.each(["", "   "])("no command at all: %j", (line) => {
    expect(refusal(line)).toBe('--stdio needs the command that starts the server, e.g. --stdio "node dist/server.js"');
  });

  it("a variable assignment first", () => {
    const line = "PORT=3 node s.js";
    expect(refusal(line)).toBe(
      `--stdio "${line}" starts with PORT=, a shell's variable assignment: --stdio runs the command without a shell; set the variable for payload-census itself (the server inherits its environment)`,
    );
  });

  it("an = that is no assignment: a word not starting with a name, or not the first", () => {
    expect(splitCommandLine("./run=1 x")).toEqual(["./run=1", "x"]);
    expect(splitCommandLine("node A=1")).toEqual(["node", "A=1"]);
    expect(splitCommandLine("1A=2")).toEqual(["1A=2"]);
    expect(splitCommandLine("a-b=2")).toEqual(["a-b=2"]);
  });
});
