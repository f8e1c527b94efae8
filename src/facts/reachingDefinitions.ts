// Reaching definitions of one variable at one reference, over the enclosing function's control flow (SPEC §2.2).
import { locOf, ts } from "../ts.js";
import { type FlowDef, type Owner, type ReachingDefinition, ownerOf, untraceable, withDefault } from "./definitions.js";
import { BudgetExceeded, Flow } from "./flow.js";
import { patternOwner } from "./patterns.js";
import { type Binding, resolveBinding } from "./scope.js";
import { isNullish } from "./syntax.js";
import { isLoopVariable, loopReason, surveyWrites } from "./writes.js";

/**
 * The definitions of `reference`'s variable that reach `reference` on some path through the enclosing function.
 * Definitions whose value is literally `null` or `undefined`, and declarations without initializer (`let x;`), are
 * not returned (they kill earlier definitions but cannot pass a non-null guard). Sorted by source position. Past
 * its step budget the flow gives up on precision: every write of the variable may reach.
 */
export function reachingDefinitions(reference: ts.Identifier, options: { stepBudget?: number } = {}): ReachingDefinition[] {
  const name = reference.text;
  const binding = resolveBinding(reference);
  if (!binding) {
    return [untraceable(reference, `\`${name}\` is not declared in this file`)];
  }
  const owner = ownerOf(reference.parent);
  if (ownerOf(binding.scope) !== owner) return capturedDefinition(binding, name);

  const survey = surveyWrites(owner, binding, reference);
  // The step budget is the tracer's own (tests give a small one to reach what happens past it).
  const flow = new Flow(reference, survey, options.stepBudget);
  let reaching: ReachingDefinition[];
  try {
    const atReference = flow.run(owner, initialDefinitions(binding, owner));
    if (!flow.referenceVisited) {
      // Invariant net: every relevant node is walked, so this means a syntax form the walker does not know.
      reaching = [untraceable(reference, "the control flow to this reference could not be followed")];
    } else if (atReference === null) {
      reaching = [untraceable(reference, "this code is unreachable: every path to it returns, throws or jumps away first")];
    } else {
      reaching = [...atReference].filter((d) => !d.ignored).map((d) => d.def);
      // A flow write the walker never met (a syntax form it does not walk) may reach: keep it rather than guess.
      for (const [node, write] of survey.writes) {
        if (!flow.appliedWrites.has(node) && !write.ignored) reaching.push(write.def);
      }
    }
  } catch (error) {
    if (!(error instanceof BudgetExceeded)) throw error;
    // Too much work for a flow-sensitive answer: every write of the variable may reach, which over-approximates.
    reaching = [...survey.writes.values(), ...initialDefinitions(binding, owner)].filter((d) => !d.ignored).map((d) => d.def);
  }
  for (const closure of survey.closures) reaching.push(closure);
  return sortedUnique(reaching);
}

/** A binding declared outside the function that reads it: only a `const` keeps a value that can be named. */
function capturedDefinition(binding: Binding, name: string): ReachingDefinition[] {
  const declaration = binding.declaration;
  switch (binding.kind) {
    case "const":
    case "using": {
      const root = rootDeclaration(declaration);
      if (root && isLoopVariable(root)) return [untraceable(loopOf(root), loopReason(loopOf(root)))];
      if (!root || !root.initializer) {
        return [untraceable(declaration, `\`${name}\` is declared outside this function (line ${locOf(binding.nameNode).line}) without a visible value`)];
      }
      if (ts.isVariableDeclaration(declaration)) {
        return isNullish(root.initializer) ? [] : [{ kind: "initializer", node: declaration, value: root.initializer }];
      }
      const element = declaration as ts.BindingElement;
      return [withDefault({ kind: "initializer", node: element, value: root.initializer }, element.initializer)];
    }
    case "catch":
      return [untraceable(catchClauseOf(declaration) ?? declaration, "the caught exception")];
    case "let":
    case "var":
    case "parameter":
      return [
        untraceable(
          declaration,
          `\`${name}\` is declared outside this function (line ${locOf(binding.nameNode).line}) and may change before it runs`,
        ),
      ];
    default:
      return [untraceable(declaration, declarationReason(binding, name))];
  }
}

function declarationReason(binding: Binding, name: string): string {
  switch (binding.kind) {
    case "function":
      return `\`${name}\` names a function, not a value that was computed`;
    case "class":
      return `\`${name}\` names a class, not a value that was computed`;
    case "enum":
      return `\`${name}\` names an enum, not a value that was computed`;
    default:
      return `\`${name}\` is imported`;
  }
}

/** What a variable holds when its function starts running, before any statement of the body. */
function initialDefinitions(binding: Binding, owner: Owner): FlowDef[] {
  if (ownerOf(binding.scope) !== owner) return [];
  switch (binding.kind) {
    case "function":
    case "class":
    case "enum":
    case "import":
      return [{ def: untraceable(binding.declaration, declarationReason(binding, binding.nameNode.text)), ignored: false }];
    default:
      // A var is hoisted and undefined until an assignment runs (nothing to report); let/const/using are in their
      // temporal dead zone; parameters and catch bindings are written where they appear.
      return [];
  }
}

function rootDeclaration(node: ts.Node): ts.VariableDeclaration | undefined {
  const owner = patternOwner(node);
  return ts.isVariableDeclaration(owner) ? owner : undefined;
}

function loopOf(declaration: ts.VariableDeclaration): ts.ForOfStatement | ts.ForInStatement {
  return declaration.parent.parent as ts.ForOfStatement | ts.ForInStatement;
}

function catchClauseOf(declaration: ts.Node): ts.CatchClause | undefined {
  for (let n: ts.Node | undefined = declaration; n; n = n.parent) if (ts.isCatchClause(n)) return n;
  return undefined;
}

function sortedUnique(defs: readonly ReachingDefinition[]): ReachingDefinition[] {
  const seen = new Set<ts.Node>();
  const unique = defs.filter((d) => {
    if (seen.has(d.node)) return false;
    seen.add(d.node);
    return true;
  });
  // In source order; the sort is stable, so nodes starting together (none the tracer makes) keep the tracer's order.
  return unique.sort((a, b) => a.node.getStart() - b.node.getStart());
}
