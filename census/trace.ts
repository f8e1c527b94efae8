// `trace FILE:LINE` for people: the guard, every definition reaching it and the producer (or the reason) behind each.
import pc from "picocolors";
import type { TraceDefinition, TraceResult } from "../src/model.js";

type Colors = ReturnType<typeof pc.createColors>;

const STEP = "  ";

export function formatTrace(trace: TraceResult, options: { color: boolean }): string {
  const c = pc.createColors(options.color);
  const tool = trace.tool === null ? "" : `  [${trace.tool}]`;
  const lines = [`${trace.file}:${trace.line}:${trace.column}  ${c.bold(`if (${trace.guard}) return ${trace.path};`)}${tool}`];
  for (const d of trace.definitions) definitionLines(d, trace.file, 1, c, lines);
  lines.push(verdict(trace, c));
  return lines.join("\n") + "\n";
}

/** The TraceResult itself, for scripts. */
export function traceJson(trace: TraceResult): string {
  return JSON.stringify(trace, null, 2) + "\n";
}

/** One definition reaching a pass-through, with its outcome and the hops behind it, `depth` steps in (also under findings). */
export function definitionLines(d: TraceDefinition, file: string, depth: number, c: Colors, out: string[]): void {
  const indent = STEP.repeat(depth);
  // Most definitions sit in the pass-through's own file; only a definition elsewhere needs its file named.
  const where = d.file === file ? `${d.line}:${d.column}` : `${d.file}:${d.line}:${d.column}`;
  out.push(`${indent}${c.dim(where)}  ${d.text}`);
  const inner = indent + STEP;
  // The outcome first, then the hops that led to the name it talks about, indented under it.
  let headline: string | undefined;
  if (!d.ok && d.reason !== undefined) headline = `${c.red("✗")} ${d.reason}`;
  else if (d.producer) headline = `${c.green("→")} producer ${d.producer.export} in ${d.producer.module} (${d.producer.category})`;
  else if (d.ok && d.category === "carried") headline = `${c.green("→")} carried: a parameter of a carrier function`;
  if (headline !== undefined) out.push(inner + headline);
  const hopIndent = headline === undefined ? inner : inner + STEP;
  for (const hop of d.via) out.push(`${hopIndent}via ${hop}`);
  for (const part of d.parts ?? []) definitionLines(part, file, depth + 2, c, out);
}

function verdict(trace: TraceResult, c: Colors): string {
  if (trace.ok) {
    const carried = trace.definitions.some(isCarried);
    return c.green(
      carried
        ? "passes: every definition comes from a shared producer or a carrier's parameter"
        : "passes: every definition comes from a shared producer",
    );
  }
  const total = trace.definitions.length;
  const failing = trace.definitions.filter((d) => !d.ok).length;
  if (total === 0) return c.red("fails: no definition the tracer can see reaches the guard");
  // The tracer judged the whole chain and not only its parts; never print "0 of N" as a reason.
  if (failing === 0) return c.red("fails: the chain above does not end in a shared producer on every path");
  return c.red(
    `fails: ${failing} of ${total} ${total === 1 ? "definition" : "definitions"} ${failing === 1 ? "does" : "do"} not come from a shared producer`,
  );
}

function isCarried(d: TraceDefinition): boolean {
  return d.category === "carried" || (d.parts ?? []).some(isCarried);
}
