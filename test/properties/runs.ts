// How the properties run: a bounded number of runs, a fixed seed under CI (reproducible), a fresh one elsewhere.
import type fc from "fast-check";

/** The seed CI uses; FC_SEED replays any other one that a failure report printed. */
const CI_SEED = 0x5eed;

export function runParameters<T>(numRuns: number): fc.Parameters<T> {
  const given = process.env.FC_SEED ?? (process.env.CI ? String(CI_SEED) : undefined);
  // fast-check prints the seed (and the path to the shrunk case) in its failure report; the predicate's own error
  // message, with the program text, goes into that report too.
  const parameters: fc.Parameters<T> = { numRuns, includeErrorInReport: true };
  if (given !== undefined) parameters.seed = Number(given);
  return parameters;
}
