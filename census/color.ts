// Decides whether output gets colour: a terminal, unless NO_COLOR says no (no-color.org); FORCE_COLOR may force it.

/**
 * `NO_COLOR` (any non-empty value) wins over everything, as no-color.org asks; then `FORCE_COLOR` forces colour on
 * (its conventional "0" and "false" force it off); otherwise colour follows the terminal, except a `dumb` one.
 */
export function colorEnabled(env: Readonly<Record<string, string | undefined>>, isTTY: boolean): boolean {
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force !== "false";
  return isTTY && env.TERM !== "dumb";
}
