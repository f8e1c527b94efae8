// The report model lives in model.ts; this re-export remains until session.ts imports CensusResult from there.
export type { CensusResult } from "./model.js";
