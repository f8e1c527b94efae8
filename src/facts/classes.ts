// Classes of the file as data: what each extends and the values of its members, for tool classes (SPEC §1.4).
import { ts, locOf, endOf } from "../ts.js";
import { returnedExpression } from "./data.js";
import type { FileIndex } from "./fileIndex.js";
import { propertyNameText } from "./syntax.js";
import type { ClassFact, DataValue } from "./types.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const { AbstractKeyword, ExtendsKeyword, StaticKeyword } = ts.SyntaxKind;

/** Records every class declared at the top level of the file (exported or not). */
export function collectClasses(file: FileIndex): void {
  for (const statement of file.sf.statements) {
    if (!ts.isClassDeclaration(statement)) continue;
    file.facts.classes.push(classFact(file, statement));
  }
}

function classFact(file: FileIndex, node: ts.ClassDeclaration): ClassFact {
  const modifiers = ts.getModifiers(node) ?? [];
  const heritage = node.heritageClauses?.find((h) => h.token === ExtendsKeyword)?.types[0]?.expression;
  const members: ClassFact["members"] = {};
  for (const member of node.members) {
    if (!member.name) continue;
    const name = propertyNameText(member.name);
    if (name === null) continue;
    const value = memberValue(file, member);
    if (!value) continue;
    const isStatic = (ts.canHaveModifiers(member) ? (ts.getModifiers(member) ?? []) : []).some((m) => m.kind === StaticKeyword);
    // Static and instance members live apart: `static toolName` and an instance `name` may both be there.
    members[isStatic ? `static ${name}` : name] = { value, static: isStatic, loc: locOf(member.name), end: endOf(member.name) };
  }
  const at = node.name ?? node;
  return {
    name: node.name?.text ?? "default",
    loc: locOf(at),
    end: endOf(at),
    abstract: modifiers.some((m) => m.kind === AbstractKeyword),
    extends: heritage ? file.data.read(heritage) : null,
    members,
  };
}

/** A field's value, a getter's one returned value, a method as a function; nothing for an abstract member. */
function memberValue(file: FileIndex, member: ts.ClassElement): DataValue | undefined {
  if (ts.isPropertyDeclaration(member)) return member.initializer ? file.data.read(member.initializer) : undefined;
  if (ts.isGetAccessorDeclaration(member) && member.body) {
    const returned = returnedExpression(member);
    return returned ? file.data.read(returned) : { k: "unknown", why: `the getter \`${member.name.getText()}\` does not return one value`, loc: locOf(member) };
  }
  if (ts.isMethodDeclaration(member) && member.body) return { k: "function", key: file.functionKey(member), loc: locOf(member) };
  return undefined;
}
