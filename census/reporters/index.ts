// The report formats, registered by name: `--format NAME` picks one; each is a pure function of the report.
import type { Report } from "../../src/model.js";
import { github } from "./github.js";
import { json } from "./json.js";
import { markdown } from "./markdown.js";
import { sarif, type SarifOptions } from "./sarif.js";
import { text, type TextOptions } from "./text.js";

export type ReporterOptions = TextOptions & SarifOptions & {
  /**
   * The config's folder relative to the root of its git checkout (`/` separators, "" when it is the root or there is
   * none): CI formats name files from the checkout's root, where the runner and code scanning resolve them.
   */
  base?: string;
};
export type Reporter = (report: Report, options: ReporterOptions) => string;

export type Format = "text" | "json" | "sarif" | "github" | "markdown";

export const reporters: Readonly<Record<Format, Reporter>> = {
  text,
  json: (report) => json(report),
  sarif: (report, options) => sarif(report, options, options.base ?? ""),
  github: (report, options) => github(report, options.base ?? ""),
  markdown: (report) => markdown(report),
};

export const FORMATS = Object.keys(reporters) as Format[];

export function isFormat(name: string): name is Format {
  return Object.hasOwn(reporters, name);
}
