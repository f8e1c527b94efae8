// A property chain as a reader writes it: `WORDS.error`, `skus[0].tools`, `caps["get-wait-stats"]`.

/** Keys that read as identifiers are joined with dots; numbers are indexes; anything else is a quoted key. */
export function formatPropertyPath(path: readonly (string | number)[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (IDENTIFIER_NAME.test(segment)) out += out === "" ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

// ECMAScript IdentifierName: what may follow a dot. Tested against a key (data), not against source code.
const IDENTIFIER_NAME = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u;
