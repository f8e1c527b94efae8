// The nearest known name to a misspelt one, so an unknown key or count path can suggest the intended one.

/**
 * The candidate closest to `word` by edit distance, when it is close enough to be a typo: within `maxDistance`
 * edits, by default a third of the word's length (at least one).
 */
export function closest(word: string, candidates: readonly string[], maxDistance?: number): string | undefined {
  const limit = maxDistance ?? Math.max(1, Math.floor(word.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, (previous[j] as number) + 1, (current[j - 1] as number) + 1));
    }
    previous = current;
  }
  return previous[b.length] as number;
}
