// The runtime envelope module: exact serialisation of each producer, the prefix recognisers and their near misses, unwrapping and classification.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  FAILURE_WORD,
  REFUSAL_WORD,
  classifyToolResponse,
  errorMessageOf,
  formatError,
  isErrorEnvelope,
  isRefusalEnvelope,
  refusal,
  status,
  type Envelope,
} from "../src/envelope.js";

describe("producers serialise exactly", () => {
  it("status: key order status, message, hints; compact", () => {
    expect(status("no_data", "No rows in the last 24 hours.", { hours_back: 24 })).toBe(
      '{"status":"no_data","message":"No rows in the last 24 hours.","hints":{"hours_back":24}}',
    );
  });

  it("status: absent or null hints become {}", () => {
    expect(status("not_found", "No such plan.")).toBe('{"status":"not_found","message":"No such plan.","hints":{}}');
    expect(status("not_found", "No such plan.", undefined)).toBe(
      '{"status":"not_found","message":"No such plan.","hints":{}}',
    );
    // At run time a caller may pass null despite the type; it must not serialise as "hints":null.
    expect(status("not_found", "No such plan.", null as unknown as Record<string, unknown>)).toBe(
      '{"status":"not_found","message":"No such plan.","hints":{}}',
    );
  });

  it("status: the message is JSON-escaped, not spliced", () => {
    expect(status("no_data", 'Say "hi"\n')).toBe('{"status":"no_data","message":"Say \\"hi\\"\\n","hints":{}}');
  });

  it("refusal: the refusal word, the sentence, hints.parameter", () => {
    expect(refusal("top", "top must be a positive integer.")).toBe(
      '{"status":"invalid","message":"top must be a positive integer.","hints":{"parameter":"top"}}',
    );
  });

  it("the special words", () => {
    expect(FAILURE_WORD).toBe("error");
    expect(REFUSAL_WORD).toBe("invalid");
  });

  it("the parsed payload has the Envelope shape", () => {
    const parsed = JSON.parse(refusal("server_name", "Unknown server.")) as Envelope;
    expect(parsed).toEqual({ status: "invalid", message: "Unknown server.", hints: { parameter: "server_name" } });
  });
});

describe("formatError", () => {
  const failure = (message: string, operation = "get_top_queries"): string =>
    `{"status":"error","message":${JSON.stringify(message)},"hints":{"operation":"${operation}"}}`;

  it("an Error: its message", () => {
    expect(formatError("get_top_queries", new Error("connection reset"))).toBe(
      failure("get_top_queries failed: connection reset"),
    );
  });

  it("an Error subclass: its message only, not the name or the cause", () => {
    const ex = new TypeError("bad row", { cause: new Error("inner") });
    expect(formatError("get_top_queries", ex)).toBe(failure("get_top_queries failed: bad row"));
  });

  it("an Error with an empty message: its String() (the name), so the sentence is not cut off", () => {
    expect(formatError("get_top_queries", new RangeError(""))).toBe(failure("get_top_queries failed: RangeError"));
  });

  it("a string", () => {
    expect(formatError("get_top_queries", "timeout")).toBe(failure("get_top_queries failed: timeout"));
  });

  it("null and undefined", () => {
    expect(formatError("get_top_queries", null)).toBe(failure("get_top_queries failed: null"));
    expect(formatError("get_top_queries", undefined)).toBe(failure("get_top_queries failed: undefined"));
  });

  it("a number and a symbol", () => {
    expect(formatError("op", 42)).toBe(failure("op failed: 42", "op"));
    expect(formatError("op", Symbol("boom"))).toBe(failure("op failed: Symbol(boom)", "op"));
  });

  it("an object whose toString throws: never throws, says what it was", () => {
    const hostile = {
      toString(): string {
        throw new Error("no");
      },
    };
    expect(formatError("op", hostile)).toBe(failure("op failed: [object Object]", "op"));
  });

  it("a null-prototype object (String() throws on it)", () => {
    expect(formatError("op", Object.create(null))).toBe(failure("op failed: [object Object]", "op"));
  });

  it("an Error whose message getter throws", () => {
    const ex = new Error("x");
    Object.defineProperty(ex, "message", {
      get(): string {
        throw new Error("no");
      },
    });
    Object.defineProperty(ex, "toString", {
      value(): string {
        throw new Error("no");
      },
    });
    expect(formatError("op", ex)).toBe(failure("op failed: [object Error]", "op"));
  });

  it("its output is recognised as a failure, never as a refusal", () => {
    const body = formatError("op", new Error("invalid input"));
    expect(isErrorEnvelope(body)).toBe(true);
    expect(isRefusalEnvelope(body)).toBe(false);
  });
});

describe("isErrorEnvelope / isRefusalEnvelope: prefix tests", () => {
  it.each([
    ['{"status":"invalid","message":"m","hints":{}}', "compact"],
    ['{ "status" : "invalid" , "message": "m"}', "spaces around every token"],
    ['  \n\t{\r\n  "status":\n    "invalid",\n  "message": "m"\n}', "leading and inner newlines, tabs, CRs"],
    ['{"status":"invalid"}', "the word alone, closed"],
    ['{"status":"invalid"', "a truncated payload: prefix only"],
  ])("refusal: %s (%s)", (body) => {
    expect(isRefusalEnvelope(body)).toBe(true);
    expect(isErrorEnvelope(body)).toBe(false);
  });

  it.each([
    ['{"status":"error","message":"m","hints":{}}', "compact"],
    ['{ "status" : "error" , "message": "m"}', "spaces"],
    ['\n  {\n  "status": "error"\n}', "pretty-printed"],
  ])("failure: %s (%s)", (body) => {
    expect(isErrorEnvelope(body)).toBe(true);
    expect(isRefusalEnvelope(body)).toBe(false);
  });

  it.each([
    ['{"invalid_count":3}', "a key that starts with the word"],
    ['{"invalid":true}', "the word as a key"],
    ['{"status":"invalid_input"}', "a longer word: the closing quote must follow"],
    ['{"status":"invalidity","message":"m"}', "another longer word"],
    ['{"message":"invalid","status":"ok"}', "the word in another field, status later"],
    ['{"message":"m","status":"invalid"}', "status not the first key: not what the producer writes"],
    ['{"status":"INVALID"}', "case differs"],
    ['{"status": "ok", "detail": "invalid"}', "another status word"],
    ['{"statuses":"invalid"}', "a longer key"],
    ["{status:\"invalid\"}", "an unquoted key (not JSON)"],
    ['["invalid"]', "an array"],
    ['"invalid"', "the word alone, quoted"],
    ["invalid", "the word alone"],
    ["The parameter top is invalid.", "a bare sentence containing the word"],
    ['The payload {"status":"invalid"} was rejected.', "an envelope not at the start"],
    ['x{"status":"invalid"}', "a non-whitespace character before the brace"],
    ['\u00a0{"status":"invalid"}', "non-JSON whitespace before the brace"],
    ["", "an empty string"],
    ["   ", "whitespace only"],
  ])("not a refusal: %s (%s)", (body) => {
    expect(isRefusalEnvelope(body)).toBe(false);
  });

  it.each([
    ['{"error_count":3}', "a key that starts with the word"],
    ['{"error":"boom"}', "the word as a key"],
    ['{"status":"errors"}', "a longer word"],
    ['{"message":"error","status":"ok"}', "the word in another field"],
    ['"error"', "the word alone, quoted"],
    ["An error occurred.", "a bare sentence containing the word"],
    ["", "an empty string"],
  ])("not a failure: %s (%s)", (body) => {
    expect(isErrorEnvelope(body)).toBe(false);
  });

  it.each([
    [null, "null"],
    [undefined, "undefined"],
    [42, "a number"],
    [{ status: "invalid", message: "m", hints: {} }, "an unserialised envelope object"],
    [{ status: "error", message: "m", hints: {} }, "an unserialised failure object"],
    [['{"status":"invalid"}'], "an array holding an envelope"],
    [new String('{"status":"invalid"}'), "a String object"],
  ] as Array<[unknown, string]>)("non-strings are neither: %s (%s)", (body) => {
    expect(isRefusalEnvelope(body)).toBe(false);
    expect(isErrorEnvelope(body)).toBe(false);
  });
});

describe("errorMessageOf", () => {
  it("unwraps what each producer built", () => {
    expect(errorMessageOf(refusal("top", "top must be a positive integer."))).toBe("top must be a positive integer.");
    expect(errorMessageOf(formatError("get_top_queries", new Error("boom")))).toBe("get_top_queries failed: boom");
  });

  it("round trips sentences with quotes, newlines and non-ASCII", () => {
    const sentence = 'Server "prod\\01" is not configured.\nTry one of: α, β — 🙂';
    expect(errorMessageOf(refusal("server_name", sentence))).toBe(sentence);
  });

  it("unwraps a pretty-printed envelope", () => {
    expect(errorMessageOf('\n{\n  "status": "invalid",\n  "message": "m",\n  "hints": {}\n}')).toBe("m");
  });

  it("passes plain text through unchanged", () => {
    expect(errorMessageOf("No plan XML provided.")).toBe("No plan XML provided.");
    expect(errorMessageOf("")).toBe("");
  });

  it("returns other JSON unchanged, including envelopes of other words", () => {
    for (const body of [
      '{"rows":[1,2,3]}',
      "[1,2]",
      status("no_data", "Nothing here."),
      '{"message":"invalid","status":"ok"}',
    ]) {
      expect(errorMessageOf(body)).toBe(body);
    }
  });

  it("returns an envelope unchanged when it does not parse or its message is not a string", () => {
    for (const body of [
      '{"status":"invalid","message":"trunc',
      '{"status":"error"}',
      '{"status":"invalid","message":42,"hints":{}}',
      '{"status":"error","message":null}',
    ]) {
      expect(errorMessageOf(body)).toBe(body);
    }
  });
});

describe("classifyToolResponse", () => {
  it.each([
    [formatError("op", new Error("boom")), "failure", 500],
    [refusal("top", "top must be a positive integer."), "refusal", 400],
    [status("no_data", "Nothing here."), "json", 200],
    ['{"rows":[]}', "json", 200],
    ["[]", "json", 200],
    ['[{"status":"invalid"}]', "json", 200],
    ['  \n[{"id":1}]', "json", 200],
    ['\t\r\n {"status" : "error"}', "failure", 500],
    ['\n { "status" : "invalid" }', "refusal", 400],
    ['\n{"invalid":true}', "json", 200],
    ['{"status":"invalid_input"}', "json", 200],
    ["{not json at all", "json", 200],
    ["No plan XML provided.", "text", 400],
    ["The value is invalid.", "text", 400],
    ['  "error"', "text", 400],
    ["", "text", 400],
  ] as const)("%j → %s %i", (body, kind, httpStatus) => {
    expect(classifyToolResponse(body)).toEqual({ kind, httpStatus });
  });

  it("a failure whose message mentions the refusal word is still a failure", () => {
    const body = status("error", "invalid", { parameter: "top" });
    expect(isRefusalEnvelope(body)).toBe(false);
    expect(classifyToolResponse(body)).toEqual({ kind: "failure", httpStatus: 500 });
  });

  it("envelopes win over the { sniff they also pass", () => {
    for (const body of [formatError("op", "x"), refusal("p", "s")]) {
      expect(classifyToolResponse(` ${body}`).kind).not.toBe("json");
    }
  });
});

describe("the module runs anywhere", () => {
  // Under mutation testing (npm run mutation) the file read is Stryker's instrumented copy, which reads its globals.
  it.skipIf(process.env.STRYKER_MUTATOR_WORKER !== undefined)("imports nothing and uses no Node global", () => {
    const source = readFileSync(new URL("../src/envelope.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/^\s*import\b/m);
    expect(source).not.toMatch(/\bimport\s*\(/);
    expect(source).not.toMatch(/\brequire\s*\(/);
    expect(source).not.toMatch(/\bexport\s+(?:\*|\{[^}]*\})\s+from\b/);
    // The project typechecks with Node's types, so tsc alone would not catch a Node global here.
    expect(source).not.toMatch(/\b(?:process|Buffer|require|__dirname|globalThis)\b/);
  });
});
