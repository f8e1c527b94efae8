// The runtime half of the payload contract (SPEC §1): the envelope producers and recognisers a monitor imports; imports nothing so it runs anywhere.

/** A status word of the contract's vocabulary (`error`, `invalid`, `no_data`, ...). */
export type StatusWord = string;

/** The parsed shape of every payload that is not data. */
export interface Envelope {
  status: string;
  message: string;
  hints: Record<string, unknown>;
}

/** The failure word: an unexpected fault, HTTP 500. Built only by `formatError`. */
export const FAILURE_WORD = "error";

/** The refusal word: the request as given cannot be served, HTTP 400. Built only by `refusal`. */
export const REFUSAL_WORD = "invalid";

/**
 * The one low-level builder. Key order and compact serialisation are part of the contract:
 * clients and the recognisers below read the payload's prefix, so it must not vary.
 */
export function status(word: StatusWord, message: string, hints?: Record<string, unknown>): string {
  return JSON.stringify({ status: word, message, hints: hints ?? {} });
}

/** The one producer of the refusal word; `hints.parameter` names the knob the caller must change. */
export function refusal(parameter: string, sentence: string): string {
  return status(REFUSAL_WORD, sentence, { parameter });
}

/** The one producer of the failure word; never throws, whatever was thrown. */
export function formatError(operation: string, ex: unknown): string {
  return status(FAILURE_WORD, `${operation} failed: ${describeThrown(ex)}`, { operation });
}

// A failure report that itself throws would replace the real fault with a worse one, so every
// way of reading `ex` is guarded: getters, toString, null-prototype objects.
function describeThrown(ex: unknown): string {
  try {
    if (ex instanceof Error) {
      const message: unknown = ex.message;
      // An empty message would leave "x failed: " with nothing after it; the error's own
      // String() (its name) says at least what kind of fault it was.
      if (typeof message === "string" && message !== "") return message;
    }
    return String(ex);
  } catch {
    try {
      return Object.prototype.toString.call(ex);
    } catch {
      return "unknown error";
    }
  }
}

// JSON's own whitespace only (not \s): whatever matches here is a prefix JSON.parse accepts too.
const WS = "[ \\t\\n\\r]*";
// Anchored and free of nested quantifiers, so a test costs a scan of the prefix, never backtracking.
const FAILURE_PREFIX = new RegExp(`^${WS}\\{${WS}"status"${WS}:${WS}"${FAILURE_WORD}"`);
const REFUSAL_PREFIX = new RegExp(`^${WS}\\{${WS}"status"${WS}:${WS}"${REFUSAL_WORD}"`);
const JSON_PREFIX = new RegExp(`^${WS}[{[]`);

/** True when `body` is a serialised failure envelope (a prefix test; the rest is not parsed). */
export function isErrorEnvelope(body: unknown): boolean {
  return typeof body === "string" && FAILURE_PREFIX.test(body);
}

/** True when `body` is a serialised refusal envelope (a prefix test; the rest is not parsed). */
export function isRefusalEnvelope(body: unknown): boolean {
  return typeof body === "string" && REFUSAL_PREFIX.test(body);
}

/** The sentence inside a failure or refusal envelope; any other payload is returned unchanged. */
export function errorMessageOf(body: string): string {
  if (!isErrorEnvelope(body) && !isRefusalEnvelope(body)) return body;
  try {
    // The prefix tests above saw `{`: what parses is an object.
    const message: unknown = (JSON.parse(body) as Record<string, unknown>)["message"];
    if (typeof message === "string") return message;
  } catch {
    // A truncated or malformed envelope is still better shown as-is than lost.
  }
  return body;
}

/** How a transport should answer a tool's payload. */
export type ToolResponseClass =
  | { kind: "failure"; httpStatus: 500 }
  | { kind: "refusal"; httpStatus: 400 }
  | { kind: "json"; httpStatus: 200 }
  | { kind: "text"; httpStatus: 400 };

/** Classifies a tool's payload: failure envelope, refusal envelope, other JSON (data), or a bare sentence. */
export function classifyToolResponse(body: string): ToolResponseClass {
  // Order matters. Both envelopes also pass the `{` sniff, so they are tested before it; and the
  // failure test comes first so a fault (our bug, 500) can never be reported as the caller's
  // mistake (400), even if the two prefix tests were one day loosened to overlap.
  if (isErrorEnvelope(body)) return { kind: "failure", httpStatus: 500 };
  if (isRefusalEnvelope(body)) return { kind: "refusal", httpStatus: 400 };
  if (typeof body === "string" && JSON_PREFIX.test(body)) return { kind: "json", httpStatus: 200 };
  // A bare sentence is what a tool says instead of data ("No plan XML provided."): refusal-like.
  return { kind: "text", httpStatus: 400 };
}
