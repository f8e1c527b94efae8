// Every finding's sentence: what is wrong, where, and what to do instead. One place, so the CLI and ESLint say the same.

export function toolPrefix(tool: string | null): string {
  return tool ? `Tool ${tool}: ` : "";
}

export function quote(text: string): string {
  return JSON.stringify(text);
}

export const messages = {
  passThrough(tool: string | null, path: string, defLine: number, defText: string, reason: string): string {
    return (
      `${toolPrefix(tool)}\`${path}\` is passed through, but its value from line ${defLine} (\`${defText}\`) does not come from a shared producer: ` +
      `${reason}; pass through only what a shared validator, resolver or gate returned`
    );
  },
  passThroughNoValue(tool: string | null, path: string): string {
    return `${toolPrefix(tool)}\`${path}\` is passed through, but no value other than null or undefined reaches it; remove the dead guard or pass through a shared producer's result`;
  },

  unrostered(tool: string, sentence: string): string {
    return (
      `Tool ${tool} returns the bare sentence ${quote(sentence)}, which is not in the roster; ` +
      `return an envelope (refusal(parameter, sentence) for a refusal) or, if it is deliberate, add it to the roster (payload-census roster --write)`
    );
  },
  unrosteredExtra(tool: string, sentence: string, rostered: number): string {
    return (
      `Tool ${tool} returns the bare sentence ${quote(sentence)} more often than the roster's count of ${rostered}; ` +
      `return an envelope here, or update the roster's count (payload-census roster --write)`
    );
  },
  unrosteredUnknownTool(sentence: string, why: string): string {
    return `A tool whose name the census cannot see (${why}) returns the bare sentence ${quote(sentence)}; give the tool a constant name and return an envelope or roster the sentence`;
  },
  handlerNotFollowed(tool: string | null, why: string): string {
    return `${toolPrefix(tool)}the census cannot see this tool's body, so it cannot check its bare sentences: ${why}; pass a function declared in this file or imported from a module of the monitor`;
  },
  stale(tool: string, file: string, sentence: string, expected: number, found: number): string {
    return found === 0
      ? `Roster entry for tool ${tool} in ${file} (${quote(sentence)}) matches no bare sentence in the code; remove it (payload-census roster --write)`
      : `Roster entry for tool ${tool} in ${file} (${quote(sentence)}) expects ${expected} occurrences but the code has ${found}; correct its count (payload-census roster --write)`;
  },

  handBuilt(
    tool: string | null,
    what: string,
    word: string,
    kind: "failure" | "refusal",
    producers: { failure: string; refusal: string },
  ): string {
    const instead =
      kind === "failure"
        ? `use ${producers.failure}(operation, ex) for a failure, or ${producers.refusal}(parameter, sentence) if the caller must change a parameter`
        : `use ${producers.refusal}(parameter, sentence) from a shared validator or resolver for a refusal`;
    return `${toolPrefix(tool)}${what} builds a ${kind} envelope (status ${quote(word)}) by hand; ${instead}`;
  },
  handBuiltUnknown(tool: string | null, callee: string, why: string): string {
    return `${toolPrefix(tool)}the census cannot see the status word of this ${callee}(…) call (${why}); pass a literal word or a constant so the census can check it`;
  },
  notAllowed(tool: string | null, callee: string, word: string, allowed: string[]): string {
    return `${toolPrefix(tool)}${callee}(…) may build only ${allowed.map(quote).join(", ")} by the allow-list, not ${quote(word)}; use the word's own producer instead`;
  },

  producerMissing(fn: string, helpers: string, word: string, builder: string): string {
    return `${helpers} has no function ${fn}; declare it there, building ${builder}(${quote(word)}, …) exactly once`;
  },
  producerCount(fn: string, helpers: string, word: string, count: number): string {
    return `${fn} in ${helpers} builds the word ${quote(word)} ${count === 0 ? "nowhere" : `${count} times`}; it must build it exactly once, so that it is the word's one producer`;
  },

  validator(name: string, text: string, reason: string, refusal: string): string {
    return `Validator ${name} returns \`${text}\`: ${reason}; a validator returns null when the input is fine, else ${refusal}(parameter, sentence) or another shared validator's result`;
  },

  floor(count: string, actual: number, floor: number): string {
    return `Count ${count} is ${actual}, below its floor of ${floor}: a matcher may have gone dark or code was removed; fix the code, or lower the floor if the drop is intended`;
  },

  parseError(file: string, message: string): string {
    return `${file} does not parse (${message}); its facts are left out and its counts cannot be trusted: fix the syntax error`;
  },
};
