// The JSON Schemas the package ships (schema/*.json): the config's, the roster's and the report's, from their one source each.
import { configSchema, rosterSchema } from "./config/schema.js";
import { reportSchema } from "./reportSchema.js";

export const SHIPPED_SCHEMAS = [
  { file: "schema/config.schema.json", schema: configSchema },
  { file: "schema/roster.schema.json", schema: rosterSchema },
  { file: "schema/report.schema.json", schema: reportSchema },
] as const;
