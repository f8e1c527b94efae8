// The bench's one table: every measure of the run with its ratio to a baseline of the same run, and each target with
// its verdict. Pure: rows in, text out.

export interface Target {
  /** The bound the measure must stay under (`≤`, or `<` when strict). */
  limit: number;
  strict?: boolean;
  unit: "×" | "MB";
  /** What is held against the bound; undefined when it could not be measured in this run. */
  actual: number | undefined;
}

export interface Row {
  /** What was measured on: "monitor 4× (2,014 tool files)". */
  scope: string;
  /** How: "census cold, --jobs 1 --no-cache". */
  measure: string;
  /** The median (ms) or the peak (MB), as shown; "n/a" when not measurable. */
  value: string;
  /** The ratio to the baseline named in `against`. */
  ratio?: { value: number; against: string };
  target?: Target;
  /** Why a row could not be measured, or what else to know to read it. */
  note?: string;
}

export function ms(value: number): string {
  return `${Math.round(value).toLocaleString("en-US")} ms`;
}

export function mb(value: number | undefined): string {
  return value === undefined ? "n/a" : `${Math.round(value).toLocaleString("en-US")} MB`;
}

/** Three significant digits: enough to tell a 0.101× from its ≤ 0.1× target. */
function ratioText(value: number): string {
  return `${value >= 100 ? value.toFixed(0) : value.toPrecision(3)}×`;
}

function verdict(target: Target): string {
  if (target.actual === undefined) return "–";
  const ok = target.strict ? target.actual < target.limit : target.actual <= target.limit;
  return ok ? "✓" : "✗";
}

function targetText(target: Target): string {
  const bound = target.unit === "×" ? `${target.limit}×` : `${target.limit} MB`;
  return `${target.strict ? "<" : "≤"} ${bound}`;
}

/** `header` lines, then the rows as an aligned pipe table, then a count of targets met. */
export function renderTable(header: readonly string[], rows: readonly Row[]): string {
  const cells = rows.map((r) => [
    r.scope,
    r.measure,
    r.value,
    r.ratio ? `${ratioText(r.ratio.value)} ${r.ratio.against}` : "",
    r.target ? targetText(r.target) : "",
    r.target ? verdict(r.target) : "",
    r.note ?? "",
  ]);
  const head = ["case", "measure", "median", "ratio", "target", "", "note"];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: readonly string[]): string => `| ${c.map((s, i) => s.padEnd(widths[i]!)).join(" | ")} |`;
  const targets = rows.flatMap((r) => (r.target ? [r.target] : []));
  const met = targets.filter((t) => verdict(t) === "✓").length;
  const unmeasured = targets.filter((t) => t.actual === undefined).length;
  return [
    ...header,
    "",
    line(head),
    line(widths.map((w) => "-".repeat(w))),
    ...cells.map(line),
    "",
    `targets met: ${met} of ${targets.length}${unmeasured ? ` (${unmeasured} not measurable in this run)` : ""}`,
  ].join("\n");
}
