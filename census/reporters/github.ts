// GitHub Actions workflow commands: one `::error` per finding, so that findings annotate the pull request.
import type { Report } from "../../src/model.js";

/**
 * Data of a workflow command, escaped as the runner unescapes it: text from the analysed repository (a sentence, a
 * description, a file name) can never end the command and start another (`\n::add-mask::`, `::stop-commands::`).
 */
export function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** A property value of a workflow command: as data, and `:` and `,` too, which end a property. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** `base`: the config's folder relative to the checkout's root, where the runner resolves `file=`. */
export function github(report: Report, base = ""): string {
  const lines = report.findings.map((f) => {
    const properties = [
      `file=${escapeProperty(base === "" ? f.file : `${base}/${f.file}`)}`,
      `line=${f.line}`,
      `col=${f.column}`,
      ...(f.endLine !== undefined ? [`endLine=${f.endLine}`, `endColumn=${f.endColumn}`] : []),
      `title=${escapeProperty(`payload-census ${f.rule}`)}`,
    ];
    return `::error ${properties.join(",")}::${escapeData(f.message)}`;
  });
  const count = report.findings.length;
  lines.push(count === 0 ? "payload-census: ✓ clean" : `payload-census: ✗ ${count} finding${count === 1 ? "" : "s"}`);
  return `${lines.join("\n")}\n`;
}
