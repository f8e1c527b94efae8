// What a module offers to others: its top-level constant strings, `as const` objects and string enums, as data.
import { ts } from "../ts.js";
import type { StringEvaluator } from "./evaluator.js";
import { toStrExpr, type Value } from "./staticValue.js";
import { simplify, unknownExpr } from "./strExpr.js";
import type { ConstValue, StrExpr } from "./types.js";
import { formatPropertyPath } from "../propertyPaths.js";

/**
 * The file's top-level `const` declarations (exported or not) and enums whose value is string-ish or an `as const`
 * object / string enum, keyed by local name. Used to evaluate imported constants from another file.
 *
 * Also recorded, so that a reader elsewhere learns why rather than "no such constant": `export default <expr>` as
 * "default"; members of `as const` objects and string enums that are not strings (as `unknown` with the reason); a
 * plain object literal (as one `unknown`: "not `as const`"). A const whose value is not string-ish at all
 * (`const server = new McpServer(...)`) is left out.
 */
export function collectConstants(sourceFile: ts.SourceFile, evaluator: StringEvaluator): Record<string, ConstValue> {
  return evaluator.evaluation(() => {
    const constants: Record<string, ConstValue> = {};
    for (const statement of sourceFile.statements) {
      if (ts.isVariableStatement(statement)) {
        const list = statement.declarationList;
        if (!(list.flags & ts.NodeFlags.Const)) continue;
        for (const declaration of list.declarations) {
          if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
          const value = evaluator.declarationValueOf(declaration);
          const constant = topLevelConstant(evaluator, value, declaration.name.text, declaration.initializer);
          if (constant) setOwn(constants, declaration.name.text, constant);
        }
      } else if (ts.isEnumDeclaration(statement)) {
        const members = enumConstant(evaluator, statement);
        if (!members) continue;
        // Declaration merging: `enum K { A = "a" } enum K { B = "b" }` is one enum with both members.
        const existing = Object.hasOwn(constants, statement.name.text) ? constants[statement.name.text] : undefined;
        if (existing?.k === "object") Object.assign(existing.members, members);
        else setOwn(constants, statement.name.text, { k: "object", members });
      } else if (ts.isExportAssignment(statement) && !statement.isExportEquals) {
        const constant = topLevelConstant(evaluator, evaluator.topLevelValue(statement.expression), "default", statement.expression);
        if (constant) setOwn(constants, "default", constant);
      }
    }
    return constants;
  });
}


function topLevelConstant(evaluator: StringEvaluator, value: Value, name: string, node: ts.Expression): ConstValue | undefined {
  switch (value.t) {
    case "string":
      return { k: "string", expr: simplify(value.e) };
    case "object":
      if (!value.asConst) {
        return { k: "string", expr: unknownExpr(`\`${name}\` is not \`as const\`: its properties may change`, node) };
      }
      return objectConstant(evaluator, value.literal, name, new Set());
    case "enum": {
      const members = enumConstant(evaluator, value.declaration);
      return members ? { k: "object", members } : undefined;
    }
    case "number":
    case "boolean":
      // Imported into a template (`at most ${MAX_ROWS} rows`), a number reads as JavaScript writes it.
      return { k: "string", expr: { k: "str", v: String(value.t === "number" ? value.n : value.b) } };
    default:
      return undefined;
  }
}

function objectConstant(evaluator: StringEvaluator, literal: ts.ObjectLiteralExpression, name: string, open: Set<ts.Node>): ConstValue {
  const members = evaluator.objectMembers(literal);
  if (!(members instanceof Map)) return { k: "string", expr: members };
  open.add(literal);
  const record: Record<string, ConstValue> = {};
  for (const [key, member] of members) {
    const memberName = `${name}.${key}`;
    if (member.kind === "function") {
      const why = `\`${memberName}\` is a method or accessor, not a value`;
      setOwn(record, key, { k: "string", expr: unknownExpr(why, member.node) });
      continue;
    }
    const value = evaluator.objectMemberValue(member);
    if (value.t === "object" && value.asConst) {
      const nested = open.has(value.literal)
        ? { k: "string" as const, expr: unknownExpr(`\`${memberName}\` contains itself`, member.node) }
        : objectConstant(evaluator, value.literal, memberName, open);
      setOwn(record, key, nested);
    } else if (value.t === "object") {
      setOwn(record, key, {
        k: "string",
        expr: unknownExpr(`\`${memberName}\` is not \`as const\`: its properties may change`, member.initializer),
      });
    } else if (value.t === "enum") {
      const enumMembersRecord = enumConstant(evaluator, value.declaration);
      setOwn(record, key, enumMembersRecord ? { k: "object", members: enumMembersRecord } : nonString(memberName, member.node));
    } else {
      setOwn(record, key, { k: "string", expr: simplify(toStrExpr(value, member.initializer)) });
    }
  }
  open.delete(literal);
  return { k: "object", members: record };
}

function nonString(name: string, node: ts.Node): ConstValue {
  return { k: "string", expr: unknownExpr(`\`${name}\` is not a string`, node) };
}

/** The members of an enum with at least one string member; its numeric members are recorded as unknown. */
function enumConstant(evaluator: StringEvaluator, declaration: ts.EnumDeclaration): Record<string, ConstValue> | undefined {
  const record: Record<string, ConstValue> = {};
  let anyString = false;
  for (const [key, member, value] of evaluator.enumMemberValues(declaration)) {
    if (value.t === "string") anyString = true;
    setOwn(record, key, { k: "string", expr: simplify(toStrExpr(value, member)) });
  }
  return anyString ? record : undefined;
}

/** Keys come from user code: `__proto__` must become an own property, not the record's prototype. */
function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  if (key === "__proto__") Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

