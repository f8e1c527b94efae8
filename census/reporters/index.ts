// The report formats, registered by name: `--format NAME` picks one; each is a pure function of the report.
import type { Report } from "../../src/model.js";
import type { SarifOptions } from "./sarif.js";
import type { TextOptions } from "./text.js";

export type ReporterOptions = TextOptions & SarifOptions & {
  /**
   * The config's folder relative to the root of its git checkout (`/` separators, "" when it is the root or there is
   * none): CI formats name files from the checkout's root, where the runner and code scanning resolve them.
   */
  base?: string;
};
export type Reporter = (report: Report, options: ReporterOptions) => string;

export type Format = "text" | "json" | "sarif" | "github" | "markdown";

/** Each format's reporter, loaded when asked for: a run loads the one it prints and no other. */
const LOADERS: Readonly<Record<Format, () => Promise<Reporter>>> = {
  text: async () => (await import("./text.js")).text,
  json: async () => {
    const { json } = await import("./json.js");
    return (report) => json(report);
  },
  sarif: async () => {
    const { sarif } = await import("./sarif.js");
    return (report, options) => sarif(report, options, options.base ?? "");
  },
  github: async () => {
    const { github } = await import("./github.js");
    return (report, options) => github(report, options.base ?? "");
  },
  markdown: async () => {
    const { markdown } = await import("./markdown.js");
    return (report) => markdown(report);
  },
};

export const FORMATS = Object.keys(LOADERS) as Format[];

export function isFormat(name: string): name is Format {
  return Object.hasOwn(LOADERS, name);
}

/** The reporter of one format. */
export function loadReporter(format: Format): Promise<Reporter> {
  return LOADERS[format]();
}

/** Every reporter, by format. */
export async function loadReporters(): Promise<Readonly<Record<Format, Reporter>>> {
  const loaded = await Promise.all(FORMATS.map(async (f) => [f, await loadReporter(f)] as const));
  return Object.fromEntries(loaded) as Record<Format, Reporter>;
}
