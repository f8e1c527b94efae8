// Mechanical rewrites an editor may offer for a hand-built envelope: the producer call that says the same thing.
import type { BuildFact } from "../facts/types.js";
import type { Suggestion } from "../model.js";
import type { SkuContext } from "./context.js";
import { messages, render } from "./messages.js";

/**
 * `status("invalid", msg, { parameter: "p" })` becomes `refusal("p", msg)`; `status("error", …)` in a catch clause of a
 * tool whose name is known becomes `formatError("<tool>", ex)`. Adds the producer to the builder's named import
 * when it is not bound at the call yet. No suggestion when the rewrite would have to guess.
 */
export function suggestionsFor(ctx: SkuContext, build: BuildFact, kind: "failure" | "refusal", tool: string | null): Suggestion[] {
  const rewrite = build.rewrite;
  const contract = ctx.config.contract;
  if (build.k !== "call" || !rewrite || build.callee?.name !== contract.builder) return [];
  let producer: string;
  let replacement: string;
  if (kind === "refusal") {
    // The parameter is read from the third argument (the hints), so the message, the second, is there too.
    if (!rewrite.parameter) return [];
    producer = contract.refusal;
    replacement = `${rewrite.qualifier}${producer}(${rewrite.parameter}, ${rewrite.args[1]})`;
  } else {
    if (!build.catchVariable || !tool) return [];
    producer = contract.failure;
    replacement = `${rewrite.qualifier}${producer}(${JSON.stringify(tool)}, ${build.catchVariable})`;
  }
  if (!rewrite.qualifier && rewrite.taken.includes(producer)) return []; // the name means something else here
  const edits: Suggestion["edits"] = [{ range: rewrite.range, text: replacement }];
  if (!rewrite.qualifier && !rewrite.bound.includes(producer)) {
    // Without a named import to extend, the rewrite would leave an unbound name: offer nothing rather than break the file.
    if (rewrite.importAfter === undefined) return [];
    edits.unshift({ range: [rewrite.importAfter, rewrite.importAfter], text: `, ${producer}` });
  }
  const message = messages.suggest(kind, replacement);
  return [{ messageId: message.id, data: message.data, message: render(message), edits }];
}
