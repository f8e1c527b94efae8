// The envelope module where a caller passes what its types do not promise: an error whose message is not a string,
// a thrown value that no way of reading survives, and bodies that are not strings.
import { describe, expect, it } from "vitest";
import { classifyToolResponse, formatError, isErrorEnvelope, isRefusalEnvelope } from "../src/envelope.js";

const failure = (message: string, operation: string) => JSON.stringify({ status: "error", message, hints: { operation } });

describe("formatError, whatever was thrown", () => {
  it("an error whose message is not a string is described by its own String()", () => {
    const ex = new Error();
    (ex as { message: unknown }).message = 42;
    expect(formatError("op", ex)).toBe(failure("op failed: Error: 42", "op"));
  });

  it("a value every reading of which throws is an unknown error", () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error("no reading");
        },
      },
    );
    expect(formatError("op", hostile)).toBe(failure("op failed: unknown error", "op"));
  });
});

describe("bodies that are not strings", () => {
  // An object whose String() reads as an envelope is still not one: only a serialised payload is.
  const lookalike = (text: string) => ({ toString: () => text });

  it("are no envelope, and a transport answers them as a bare sentence", () => {
    expect(isErrorEnvelope(lookalike('{"status":"error"'))).toBe(false);
    expect(isRefusalEnvelope(lookalike('{"status":"invalid"'))).toBe(false);
    expect(classifyToolResponse(lookalike("{}") as unknown as string)).toEqual({ kind: "text", httpStatus: 400 });
  });
});
