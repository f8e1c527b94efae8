// A config error as one line for ESLint and editors: its summary, then its problems apart by " · ", indentation and
// blank lines dropped; the file at fault when the error names one, else the config file.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/errors.js";
import { configErrorData } from "../../src/project/messages.js";

const configFile = path.join(process.cwd(), "monitor", "payload-census.config.json");

describe("configErrorData", () => {
  it("puts the summary first and joins the problems, trimmed, without blank lines", () => {
    const error = new ConfigError("Invalid config:\n\n   a.json:1:2  skus: must be an array  \n\n  a.json:3:4  floors.x: unknown count\n");
    expect(configErrorData(error, configFile)).toEqual({
      file: "monitor/payload-census.config.json",
      error: "Invalid config: a.json:1:2  skus: must be an array · a.json:3:4  floors.x: unknown count",
    });
  });

  it("gives the summary alone when there is no problem, and names the file the error names", () => {
    const error = new ConfigError("Cannot read the roster: permission denied", path.join(process.cwd(), "monitor", "roster.json"));
    expect(configErrorData(error, configFile)).toEqual({ file: "monitor/roster.json", error: "Cannot read the roster: permission denied" });
  });

  it("gives an empty error for an empty message", () => {
    expect(configErrorData(new ConfigError("\n  \n"), configFile)).toEqual({ file: "monitor/payload-census.config.json", error: "" });
  });
});
