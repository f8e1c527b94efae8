// Types of merge.mjs for the tests (the runner is plain JavaScript so that Node runs it without a build).
export declare function mergeReports(earlier: unknown, later: unknown, options?: { partial?: boolean }): { report: any; dropped: number };
export declare function scoreTable(report: unknown): {
  table: string;
  score: number;
  files: number;
  mutants: number;
  survived: number;
  noCoverage: number;
};
export declare function reportFromEvents(
  dryRun: unknown,
  results: unknown[],
  kept: unknown,
  read: (file: string) => string,
  root: string,
): { report: any; unknown: number };
export declare function keptText(report: unknown): string;
export declare const LEDGER_HEADING: string;
export declare function unreviewed(report: unknown, docs: string): { found: boolean; unlisted: string[]; stale: string[] };
