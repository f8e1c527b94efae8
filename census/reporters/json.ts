// The JSON report of SPEC §4: every key in the order the spec lists it, so identical input gives identical bytes.
import type { Counts, DescriptionRow, Finding, FloorResult, Report, ValidatorRow } from "../../src/model.js";

/**
 * Rebuilds every object key by key rather than trusting the census's construction order: the order is part of the
 * public format, and a typed literal makes the compiler flag any field added to the model but not placed here.
 */
export function json(report: Report): string {
  const ordered: Report = {
    schemaVersion: report.schemaVersion,
    ok: report.ok,
    counts: orderCounts(report.counts),
    skus: report.skus.map((sku) => ({ name: sku.name, counts: orderCounts(sku.counts) })),
    floors: report.floors.map(orderFloor),
    findings: report.findings.map(orderFinding),
    descriptions: report.descriptions.map(orderDescription),
    validators: report.validators.map(orderValidator),
  };
  return JSON.stringify(ordered, null, 2) + "\n";
}

function orderCounts(c: Counts): Counts {
  return {
    files: c.files,
    modules: c.modules,
    tools: c.tools,
    parseErrors: c.parseErrors,
    passThroughs: {
      total: c.passThroughs.total,
      resolver: c.passThroughs.resolver,
      validator: c.passThroughs.validator,
      gate: c.passThroughs.gate,
      carried: c.passThroughs.carried,
      unshared: c.passThroughs.unshared,
    },
    bareSentences: {
      total: c.bareSentences.total,
      rostered: c.bareSentences.rostered,
      unrostered: c.bareSentences.unrostered,
      stale: c.bareSentences.stale,
    },
    handBuilt: c.handBuilt,
    failureProducers: c.failureProducers,
    refusalProducers: c.refusalProducers,
    validators: c.validators,
  };
}

function orderFloor(f: FloorResult): FloorResult {
  return { count: f.count, floor: f.floor, actual: f.actual, ok: f.ok };
}

function orderFinding(f: Finding): Finding {
  return { rule: f.rule, file: f.file, line: f.line, column: f.column, sku: f.sku, tool: f.tool, message: f.message };
}

function orderValidator(v: ValidatorRow): ValidatorRow {
  return {
    sku: v.sku,
    validator: v.validator,
    module: v.module,
    parameters: v.parameters,
    ...(v.parametersUnseen === undefined ? {} : { parametersUnseen: v.parametersUnseen }),
    callers: v.callers,
  };
}

function orderDescription(d: DescriptionRow): DescriptionRow {
  return {
    sku: d.sku,
    tool: d.tool,
    served: d.served,
    tail: d.tail,
    cap: d.cap,
    tokens: d.tokens,
    entryTokens: d.entryTokens,
    ...(d.entryUnknown === undefined ? {} : { entryUnknown: d.entryUnknown }),
    routes: d.routes,
    unmentioned: d.unmentioned,
    ...(d.routesUnseen === undefined ? {} : { routesUnseen: d.routesUnseen }),
  };
}
