// Counts in output as people write them: "1 finding", "2 findings".

export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
