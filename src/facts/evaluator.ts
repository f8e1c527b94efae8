// The static string evaluator (SPEC §2.4) of one file: what a string expression is, symbolically, without running anything.
import { ts } from "../ts.js";
import { patternOwner } from "./patterns.js";
import { resolveBinding } from "./scope.js";
import { isStringRaw, peel, rawTextOf, shortText, type TemplatePiece } from "./syntax.js";
import { cookedText, firstUnknown, simplify, unknownExpr, type Unknown } from "./strExpr.js";
import type { StrExpr } from "./types.js";
import {
  asConcatenationPart,
  cutValue,
  describe,
  known,
  nonStringSum,
  refAt,
  settle,
  toStrExpr,
  unknownAt,
  type Value,
} from "./staticValue.js";

// Kinds read once: reading a member of `ts.SyntaxKind` is a lookup in a table of some 800 names, each time it runs.
const {
  AsExpression,
  BinaryExpression,
  CallExpression,
  ElementAccessExpression,
  EnumMember,
  FalseKeyword,
  Identifier,
  MinusToken,
  NoSubstitutionTemplateLiteral,
  NonNullExpression,
  NumericLiteral,
  ObjectLiteralExpression,
  ParenthesizedExpression,
  PlusToken,
  PrefixUnaryExpression,
  PropertyAccessExpression,
  PropertyAssignment,
  SatisfiesExpression,
  StringLiteral,
  TaggedTemplateExpression,
  TemplateExpression,
  TemplateSpan,
  ThisKeyword,
  TrueKeyword,
  TypeAssertionExpression,
} = ts.SyntaxKind;
// The typescript module's members are getters: the functions called for every node are read once.
const { isExpression } = ts;

/** Where an expression sits, as far as its meaning depends on it. A function of the node's position in the tree, so
 * results cached per node stay valid. */
interface Context {
  /** Inside an enum member's initializer, names of that enum's members refer to the members (TypeScript rule). */
  readonly enumDeclaration: ts.EnumDeclaration | undefined;
  /** Under `as const`: object literals here are read-only, so their properties can be read statically. */
  readonly asConst: boolean;
}

const NO_CONTEXT: Context = { enumDeclaration: undefined, asConst: false };
const AS_CONST: Context = { enumDeclaration: undefined, asConst: true };

/** A member of an object literal as the evaluator sees it: a value to evaluate, or something that is not one. */
type Member =
  | { kind: "value"; node: ts.PropertyAssignment | ts.ShorthandPropertyAssignment; initializer: ts.Expression }
  | { kind: "function"; node: ts.Node };
type Members = Map<string, Member> | Unknown;

// Values of declarations (const, destructured element, enum member, object member) and member tables of object
// literals are computed once per node. A value computed while a cycle or the depth limit was cut short depends on
// where the evaluation started (only the reason's wording and place, never known-ness: a cut always yields unknown),
// so it is kept only until the outermost evaluation ends, to stay a pure function of the file.
class Memo<T> {
  readonly settled = new WeakMap<ts.Node, T>();
  readonly unsettled = new Map<ts.Node, T>();
}

// Consts nested ~700 deep overflow the stack when evaluated cold; 200 leaves room for the caller's own frames.
// A deeper chain is unknown when evaluated cold but known once its links are cached (collectConstants walks in order).
const MAX_LOCAL_DEPTH = 200;

/**
 * Evaluates string expressions of one file: string and no-substitution template literals, templates (every
 * substitution evaluated), `+` (numbers that are literal are written as JavaScript would), parentheses, `as`/`as const`/
 * `satisfies`/`!`/type assertions, identifiers bound to a `const` (local or module level, followed through other
 * consts, cycles are unknown), imported bindings (→ `ref`), string enum members (`Kind.Error`, `Kind["Error"]`, local
 * or imported), and properties of `as const` objects (dot, element access with a statically known key, nested).
 * Anything else is `unknown` with a reason. Never guesses.
 *
 * One evaluator serves one file's extraction: it remembers what it worked out about that file's nodes, so make a
 * new one for each syntax tree. Results are simplified (see `simplify`) and may be shared: treat them as read-only.
 */
export class StringEvaluator {
  private readonly values = new Memo<Value>();
  private readonly memberTables = new Memo<Members>();
  private readonly results = new WeakMap<ts.Node, StrExpr>();
  private readonly enumMemberTables = new WeakMap<ts.EnumDeclaration, Map<string, ts.EnumMember>>();
  private readonly inProgress = new Set<ts.Node>();
  private cuts = 0;
  private activeEvaluations = 0;

  /** The string an expression evaluates to, as far as its file can see. */
  evaluate(expr: ts.Expression): StrExpr {
    const cached = this.results.get(expr);
    if (cached) return cached;
    // One outermost evaluation, as `evaluation` runs it (written out: this runs for a great many expressions).
    this.activeEvaluations++;
    try {
      const cutsBefore = this.cuts;
      const result = simplify(toStrExpr(this.valueOf(expr, contextOf(expr)), expr));
      if (this.cuts === cutsBefore) this.results.set(expr, result);
      return result;
    } finally {
      this.endEvaluation();
    }
  }

  /**
   * Whether evaluating `expr` may work out the value of a declaration or the members of an object, which later
   * evaluations then find worked out. When it may not, its value is a function of the syntax alone and evaluating it
   * leaves nothing behind: a reader that needs the value only sometimes may skip it then, and every other result
   * stays what it would have been. Errs towards true.
   */
  mayRemember(expr: ts.Expression): boolean {
    return enumOf(expr) !== undefined || this.mayReadDeclarations(expr);
  }

  /**
   * Whether `evaluate(expr)` may be known (not `unknown`): false where `valueOf` gives an unknown, or a value that is
   * not a string, whatever the rest of the file says (a call, a function, a parameter, a number…). Errs towards true.
   */
  mayBeKnown(expr: ts.Expression): boolean {
    if (enumOf(expr) !== undefined) return true;
    let node = expr;
    while (isWrapper(node)) node = node.expression;
    switch (node.kind) {
      case StringLiteral:
      case NoSubstitutionTemplateLiteral:
      case TemplateExpression:
        return true;
      case BinaryExpression:
        return (node as ts.BinaryExpression).operatorToken.kind === PlusToken;
      case Identifier:
        return mayHoldString(node as ts.Identifier);
      case PropertyAccessExpression:
      case ElementAccessExpression: {
        let base: ts.Expression = node;
        for (;;) {
          if (ts.isPropertyAccessExpression(base) && !ts.isIdentifier(base.name)) return false;
          if (!ts.isPropertyAccessExpression(base) && !ts.isElementAccessExpression(base) && !ts.isParenthesizedExpression(base) && !ts.isNonNullExpression(base) && !ts.isSatisfiesExpression(base)) break;
          base = base.expression;
        }
        // An unknown base makes the read unknown: a `this`, a call, a name that is not a const, an import or an enum.
        if (base.kind === ThisKeyword) return false;
        if (base.kind === CallExpression) return this.mayBeKnown(base);
        if (base.kind === Identifier) {
          const binding = resolveBinding(base as ts.Identifier);
          return !!binding && !loopVariable(binding.declaration) && (binding.kind === "const" || binding.kind === "import" || binding.kind === "enum");
        }
        return true;
      }
      case CallExpression: {
        const callee = (node as ts.CallExpression).expression;
        return ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.name) && callee.name.text === "join";
      }
      case TaggedTemplateExpression: {
        // Through `await`, as isStringRaw reads the tag: `(await String.raw)\`…\`` is String.raw too.
        const tag = peel((node as ts.TaggedTemplateExpression).tag);
        return ts.isPropertyAccessExpression(tag) && tag.name.text === "raw";
      }
      default:
        // Numbers, booleans and objects are not strings; everything else is unknown to the evaluator.
        return false;
    }
  }

  /** `mayRemember` outside an enum's initializers, following `valueOf` case by case. */
  private mayReadDeclarations(node: ts.Expression): boolean {
    switch (node.kind) {
      case ParenthesizedExpression:
      case NonNullExpression:
      case SatisfiesExpression:
      case AsExpression:
      case TypeAssertionExpression: {
        let inner: ts.Expression = node;
        while (isWrapper(inner)) inner = inner.expression;
        return this.mayReadDeclarations(inner);
      }
      case TemplateExpression:
        return (node as ts.TemplateExpression).templateSpans.some((span) => this.mayReadDeclarations(span.expression));
      case BinaryExpression: {
        if ((node as ts.BinaryExpression).operatorToken.kind !== PlusToken) return false;
        let left: ts.Expression = node;
        while (ts.isBinaryExpression(left) && left.operatorToken.kind === PlusToken) {
          if (this.mayReadDeclarations(left.right)) return true;
          left = left.left;
        }
        return this.mayReadDeclarations(left);
      }
      case Identifier: {
        const binding = resolveBinding(node as ts.Identifier);
        if (!binding || binding.kind !== "const" || loopVariable(binding.declaration)) return false;
        const declaration = binding.declaration;
        if (ts.isVariableDeclaration(declaration)) return declaration.initializer !== undefined && !this.values.settled.has(declaration);
        return ts.isBindingElement(declaration) && !this.values.settled.has(declaration);
      }
      case PropertyAccessExpression:
      case ElementAccessExpression:
        return this.mayReadProperty(node as ts.PropertyAccessExpression | ts.ElementAccessExpression);
      case CallExpression: {
        // `[…].join(sep)`, as `arrayJoin` takes it: its array may be a `const`.
        const callee = (node as ts.CallExpression).expression;
        return ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.name) && callee.name.text === "join";
      }
      case TaggedTemplateExpression: {
        // Through `await`, as isStringRaw reads the tag: `(await String.raw)\`…\`` is String.raw too.
        const tag = peel((node as ts.TaggedTemplateExpression).tag);
        return ts.isPropertyAccessExpression(tag) && tag.name.text === "raw";
      }
      default:
        return false;
    }
  }

  /** `mayReadDeclarations` of a property read, following `propertyRead`: its base first, then what is read from it. */
  private mayReadProperty(outer: ts.PropertyAccessExpression | ts.ElementAccessExpression): boolean {
    const chain: (ts.PropertyAccessExpression | ts.ElementAccessExpression)[] = [];
    let base: ts.Expression = outer;
    for (;;) {
      if (ts.isPropertyAccessExpression(base) || ts.isElementAccessExpression(base)) chain.push(base);
      else if (!ts.isParenthesizedExpression(base) && !ts.isNonNullExpression(base) && !ts.isSatisfiesExpression(base)) break;
      base = base.expression;
    }
    if (chain.some((a) => ts.isPropertyAccessExpression(a) && !ts.isIdentifier(a.name))) return false;
    if (this.mayReadDeclarations(base)) return true;
    const keys = (): boolean => chain.some((a) => ts.isElementAccessExpression(a) && this.mayReadDeclarations(a.argumentExpression));
    switch (base.kind) {
      case Identifier: {
        const binding = resolveBinding(base as ts.Identifier);
        if (!binding || loopVariable(binding.declaration)) return false;
        // A const may hold an `as const` object and an enum has members, read from the declarations; an import's
        // properties are refs, and anything else is unknown, its properties unread.
        if (binding.kind === "const" || binding.kind === "enum") return true;
        return binding.kind === "import" && keys();
      }
      case ThisKeyword:
      case CallExpression:
        // Unknown (a join would have been told above): nothing is read from it.
        return false;
      case StringLiteral:
      case NoSubstitutionTemplateLiteral:
      case TemplateExpression:
      case NumericLiteral:
      case TrueKeyword:
      case FalseKeyword:
        // A string, number or boolean has no property the evaluator reads, but keys are evaluated on the way.
        return keys();
      default:
        return true;
    }
  }

  // What `collectConstants` reads: values below the string level, within one outermost evaluation.

  /** Runs `read` as one outermost evaluation: what was cut short inside it is forgotten when it ends. */
  evaluation<T>(read: () => T): T {
    this.activeEvaluations++;
    try {
      return read();
    } finally {
      this.endEvaluation();
    }
  }

  private endEvaluation(): void {
    if (--this.activeEvaluations > 0) return;
    if (this.values.unsettled.size > 0) this.values.unsettled.clear();
    if (this.memberTables.unsettled.size > 0) this.memberTables.unsettled.clear();
  }

  /** The value of a top-level expression (not under `as const`, not in an enum). */
  topLevelValue(expr: ts.Expression): Value {
    return this.valueOf(expr, NO_CONTEXT);
  }

  /** The value a `const` declaration binds. */
  declarationValueOf(declaration: ts.VariableDeclaration): Value {
    return this.declarationValue(declaration, declaration.name as ts.Identifier);
  }

  /** The members of an object literal, or why they cannot be listed. */
  objectMembers(literal: ts.ObjectLiteralExpression): Members {
    return this.membersOf(literal);
  }

  /** The value of one member of an `as const` object. */
  objectMemberValue(member: Extract<Member, { kind: "value" }>): Value {
    return this.memberValue(member, member.node);
  }

  /** An enum's members by name, each read as a string member (numeric ones are unknown). */
  enumMemberValues(declaration: ts.EnumDeclaration): [string, ts.EnumMember, Value][] {
    return [...this.enumMembers(declaration)].map(([key, member]) => [key, member, this.enumMemberRead(member, member)]);
  }

  private memoised<T>(memo: Memo<T>, key: ts.Node, compute: () => T, onCut: (why: string) => T): T {
    const known = memo.settled.get(key) ?? memo.unsettled.get(key);
    if (known !== undefined) return known;
    if (this.inProgress.has(key)) {
      this.cuts++;
      return onCut("circular");
    }
    if (this.inProgress.size >= MAX_LOCAL_DEPTH) {
      this.cuts++;
      return onCut("too deep");
    }
    const cutsBefore = this.cuts;
    this.inProgress.add(key);
    let result: T;
    try {
      result = compute();
    } finally {
      this.inProgress.delete(key);
    }
    if (this.cuts === cutsBefore) memo.settled.set(key, result);
    else memo.unsettled.set(key, result);
    return result;
  }

  private valueOf(node: ts.Expression, context: Context): Value {
    switch (node.kind) {
      case StringLiteral:
      case NoSubstitutionTemplateLiteral:
        return known(cookedText(node as ts.StringLiteral));
      case TemplateExpression:
        return this.template(node as ts.TemplateExpression, context);
      case NumericLiteral:
        return { t: "number", n: Number((node as ts.NumericLiteral).text) };
      case PrefixUnaryExpression: {
        const unary = node as ts.PrefixUnaryExpression;
        if (unary.operator === MinusToken && ts.isNumericLiteral(unary.operand)) {
          return { t: "number", n: -Number(unary.operand.text) };
        }
        return unknownAt(describe(node), node);
      }
      case TrueKeyword:
        return { t: "boolean", b: true };
      case FalseKeyword:
        return { t: "boolean", b: false };
      case ParenthesizedExpression:
      case NonNullExpression:
      case SatisfiesExpression:
      case AsExpression:
      case TypeAssertionExpression: {
        // Peeled in a loop: `x as A as B as …` and `x!!…` are chains as long as the input writes them.
        let inner: ts.Expression = node;
        let innerContext = context;
        while (isWrapper(inner)) {
          if ((ts.isAsExpression(inner) || ts.isTypeAssertionExpression(inner)) && ts.isConstTypeReference(inner.type)) {
            innerContext = { ...innerContext, asConst: true };
          }
          inner = inner.expression;
        }
        return this.valueOf(inner, innerContext);
      }
      case BinaryExpression:
        if ((node as ts.BinaryExpression).operatorToken.kind === PlusToken) {
          return this.concatenation(node as ts.BinaryExpression, context);
        }
        return unknownAt(describe(node), node);
      case Identifier:
        return this.identifier(node as ts.Identifier, context);
      case PropertyAccessExpression:
      case ElementAccessExpression:
        return this.propertyRead(node as ts.PropertyAccessExpression | ts.ElementAccessExpression, context);
      case ObjectLiteralExpression:
        return { t: "object", literal: node as ts.ObjectLiteralExpression, asConst: context.asConst };
      case CallExpression:
        return this.arrayJoin(node as ts.CallExpression, context) ?? unknownAt(describe(node), node);
      case TaggedTemplateExpression: {
        // String.raw`…` is a string like any other: its text as written, escapes left as they are.
        const tagged = node as ts.TaggedTemplateExpression;
        if (!isStringRaw(tagged.tag)) return unknownAt(describe(node), node);
        const t = tagged.template;
        if (ts.isNoSubstitutionTemplateLiteral(t)) return known(rawTextOf(t));
        return this.template(t, context, rawTextOf);
      }
      default:
        return unknownAt(describe(node), node);
    }
  }

  /**
   * `[a, b, c].join(sep)`: a description written as a list of sentences. The array is a literal, or a `const` bound
   * to one; its elements are evaluated like concatenation parts. Anything else is not a join this evaluator reads.
   */
  private arrayJoin(call: ts.CallExpression, context: Context): Value | undefined {
    const callee = call.expression;
    if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.name) || callee.name.text !== "join") return undefined;
    if (call.arguments.length > 1) return undefined;
    let array: ts.Expression = peel(callee.expression, false);
    if (ts.isIdentifier(array)) {
      const binding = resolveBinding(array);
      const declaration = binding?.declaration;
      if (binding?.kind === "const" && declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) {
        // Like an object, an array bound to a name is fixed only `as const`: otherwise `push` may change it.
        const init = declaration.initializer;
        // `as const` anywhere among the parentheses, casts and `satisfies` around the literal.
        let asConst = false;
        for (let e: ts.Expression = init; ; ) {
          if ((ts.isAsExpression(e) || ts.isTypeAssertionExpression(e)) && ts.isConstTypeReference(e.type)) asConst = true;
          if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isTypeAssertionExpression(e) || ts.isSatisfiesExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
          else break;
        }
        if (!asConst) return unknownAt(`\`${array.text}\` is not \`as const\`: its elements may change`, array);
        array = peel(init, false);
      }
    }
    if (!ts.isArrayLiteralExpression(array)) return undefined;
    const inner = partContext(context);
    const separatorNode = call.arguments[0];
    let separator: StrExpr = { k: "str", v: "," };
    if (separatorNode) {
      const value = this.valueOf(separatorNode, inner);
      if (value.t !== "string") return unknownAt(`the separator of \`${shortText(call, 40)}\` is not a string`, separatorNode);
      separator = value.e;
    }
    const parts: StrExpr[] = [];
    for (const [i, element] of array.elements.entries()) {
      if (ts.isSpreadElement(element) || ts.isOmittedExpression(element)) {
        return unknownAt(`\`${shortText(array, 40)}\` has a spread or a hole: its elements cannot be listed`, element);
      }
      if (i > 0) parts.push(separator);
      parts.push(asConcatenationPart(this.valueOf(element, inner), element));
    }
    return { t: "string", e: { k: "cat", parts } };
  }

  private template(node: ts.TemplateExpression, context: Context, text: (piece: TemplatePiece) => string = cookedText): Value {
    const inner = partContext(context);
    const parts: StrExpr[] = [{ k: "str", v: text(node.head) }];
    for (const span of node.templateSpans) {
      parts.push(asConcatenationPart(this.valueOf(span.expression, inner), span.expression));
      parts.push({ k: "str", v: text(span.literal) });
    }
    return { t: "string", e: { k: "cat", parts } };
  }

  /**
   * `a + b + c`: JavaScript adds left to right, and concatenates only once one side is a string (`1 + 2 + "x"` is
   * "3x"). The left spine is walked without recursion: long `+` chains are common in descriptions.
   */
  private concatenation(node: ts.BinaryExpression, context: Context): Value {
    const inner = partContext(context);
    const operands: ts.Expression[] = [];
    const sums: ts.Expression[] = [];
    let left: ts.Expression = node;
    while (ts.isBinaryExpression(left) && left.operatorToken.kind === PlusToken) {
      operands.push(left.right);
      sums.push(left);
      left = left.left;
    }
    operands.push(left);
    operands.reverse();
    sums.reverse();

    let sum = this.valueOf(operands[0]!, inner);
    let sumNode: ts.Expression = operands[0]!;
    let parts: StrExpr[] | undefined = sum.t === "string" ? [sum.e] : undefined;
    for (let i = 1; i < operands.length; i++) {
      const operand = this.valueOf(operands[i]!, inner);
      if (parts) parts.push(asConcatenationPart(operand, operands[i]!));
      else if (operand.t === "string") parts = [asConcatenationPart(sum, sumNode), operand.e];
      else sum = nonStringSum(sum, operand, sums[i - 1]!);
      sumNode = sums[i - 1]!;
    }
    return parts ? { t: "string", e: { k: "cat", parts } } : sum;
  }

  private identifier(id: ts.Identifier, context: Context): Value {
    const name = id.text;
    if (context.enumDeclaration) {
      const sibling = this.enumMembers(context.enumDeclaration).get(name);
      if (sibling) return this.enumMemberRead(sibling, id);
    }
    const binding = resolveBinding(id);
    if (!binding) {
      if (name === "undefined") return unknownAt("`undefined` is not a string", id);
      return unknownAt(`\`${name}\` is not declared in this file`, id);
    }
    const declaration = binding.declaration;
    const loop = loopVariable(declaration);
    if (loop) return unknownAt(`\`${name}\` is a ${loop} loop variable`, id);
    switch (binding.kind) {
      case "const":
        if (ts.isVariableDeclaration(declaration)) {
          if (!declaration.initializer) return unknownAt(`\`${name}\` is declared without a value`, id);
          return this.declarationValue(declaration, id);
        }
        if (ts.isBindingElement(declaration)) return this.destructuredValue(declaration, id);
        return unknownAt(`\`${name}\` cannot be evaluated statically`, id);
      case "let":
      case "var":
        return unknownAt(`\`${name}\` is declared with ${binding.kind} and may change`, id);
      case "using":
        return unknownAt(`\`${name}\` is a \`using\` resource`, id);
      case "parameter":
        return unknownAt(`\`${name}\` is a parameter`, id);
      case "catch":
        return unknownAt(`\`${name}\` is a catch clause variable`, id);
      case "function":
        return unknownAt(`\`${name}\` is a function, not a string`, id);
      case "class":
        return unknownAt(`\`${name}\` is a class, not a string`, id);
      case "enum":
        return ts.isEnumDeclaration(declaration)
          ? { t: "enum", declaration }
          : unknownAt(`\`${name}\` cannot be evaluated statically`, id);
      case "import":
        return imported(declaration, id);
    }
  }

  private declarationValue(declaration: ts.VariableDeclaration, reference: ts.Identifier): Value {
    return this.memoised(
      this.values,
      declaration,
      () => settle(this.valueOf(declaration.initializer!, NO_CONTEXT)),
      (cut) => cutValue(declaration.name, cut, reference),
    );
  }

  /** `const { a, b: { c } } = SOURCE`: the property read from the (as const) source, or its default. */
  private destructuredValue(element: ts.BindingElement, reference: ts.Identifier): Value {
    return this.memoised(
      this.values,
      element,
      () => {
        if (element.dotDotDotToken) return unknownAt(`\`${shortText(element.name, 40)}\` is a rest element`, element);
        const pattern = element.parent;
        if (ts.isArrayBindingPattern(pattern)) {
          return unknownAt(`\`${shortText(element.name, 40)}\` is destructured from an array`, element);
        }
        const key = element.propertyName
          ? this.propertyKey(element.propertyName)
          : ts.isIdentifier(element.name)
            ? element.name.text
            : unknownExpr(`\`${shortText(element.name, 40)}\` has no static key`, element);
        if (typeof key !== "string") return { t: "unknown", e: key };
        const source = this.patternSource(pattern, reference);
        if (source.value.t === "unknown") return source.value;
        const value = this.readProperty(source.value, key, source.node, element);
        if (value !== MISSING) return settle(value);
        if (element.initializer) return settle(this.valueOf(element.initializer, NO_CONTEXT));
        return unknownAt(`\`${shortText(source.node, 40)}\` has no property \`${key}\``, element);
      },
      (cut) => cutValue(element.name, cut, reference),
    );
  }

  /** What an object pattern destructures, and the node that names it in messages. */
  private patternSource(pattern: ts.ObjectBindingPattern, reference: ts.Identifier): { value: Value; node: ts.Node } {
    const owner = pattern.parent;
    if (ts.isVariableDeclaration(owner)) {
      if (!owner.initializer) return { value: unknownAt("destructured without a value", owner), node: owner };
      return { value: this.declarationValue(owner, reference), node: owner.initializer };
    }
    if (ts.isBindingElement(owner)) {
      return { value: this.destructuredValue(owner, reference), node: owner.propertyName ?? owner.name };
    }
    return { value: unknownAt("destructured from a parameter", owner), node: owner };
  }

  /**
   * `base.key` / `base[key]`: the base is evaluated first, so a base that cannot be seen is what the reason names.
   * A chain `a.b[c].d` is read from its innermost base outwards, in a loop: it is as long as the input writes it.
   */
  private propertyRead(outer: ts.PropertyAccessExpression | ts.ElementAccessExpression, context: Context): Value {
    const chain: (ts.PropertyAccessExpression | ts.ElementAccessExpression)[] = [];
    let baseNode: ts.Expression = outer;
    for (;;) {
      if (ts.isPropertyAccessExpression(baseNode) || ts.isElementAccessExpression(baseNode)) chain.push(baseNode);
      else if (!ts.isParenthesizedExpression(baseNode) && !ts.isNonNullExpression(baseNode) && !ts.isSatisfiesExpression(baseNode)) break;
      baseNode = baseNode.expression;
    }
    // A private field is not read, whatever its base: the outermost one is the reason, before anything is evaluated.
    const privateField = chain.find((a): a is ts.PropertyAccessExpression => ts.isPropertyAccessExpression(a) && !ts.isIdentifier(a.name));
    if (privateField) return unknownAt(`private field \`${shortText(privateField, 40)}\``, privateField.name);
    // Every base and key is a part of the value read, not the value itself: no longer `as const`.
    const inner = partContext(context);
    let value = this.valueOf(baseNode, inner);
    for (let i = chain.length - 1; i >= 0; i--) {
      if (value.t === "unknown") return value;
      const access = chain[i]!;
      let key: string | Unknown;
      if (ts.isPropertyAccessExpression(access)) {
        key = access.name.text;
      } else {
        key = this.staticKey(access.argumentExpression, inner);
      }
      if (typeof key !== "string") return { t: "unknown", e: key };
      const read = this.readProperty(value, key, access.expression, access);
      if (read === MISSING) return unknownAt(`\`${shortText(access.expression, 40)}\` has no property \`${key}\``, access);
      value = read;
    }
    return value;
  }

  /**
   * Reads `key` from a container value. `baseNode` is the container's expression (messages about it quote it, lazily:
   * reads that succeed cost no text), `at` is where the read happens (and where a ref made by it is placed). MISSING
   * when an `as const` object has no such property.
   */
  private readProperty(base: Value, key: string, baseNode: ts.Node, at: ts.Node): Value | typeof MISSING {
    const baseText = (): string => shortText(baseNode, 40);
    switch (base.t) {
      case "unknown":
        return base;
      case "namespace":
        return { t: "string", e: refAt(base.module, key, [], at) };
      case "string":
        if (base.e.k === "ref") return { t: "string", e: { ...base.e, path: [...base.e.path, key] } };
        return unknownAt(`\`${baseText()}\` is a string: its property \`${key}\` is not evaluated`, at);
      case "number":
      case "boolean":
        return unknownAt(`\`${baseText()}\` is a ${base.t}: its property \`${key}\` is not evaluated`, at);
      case "enum": {
        const member = this.enumMembers(base.declaration).get(key);
        if (!member) return unknownAt(`enum \`${baseText()}\` has no member \`${key}\``, at);
        return this.enumMemberRead(member, at);
      }
      case "object": {
        if (!base.asConst) return unknownAt(`\`${baseText()}\` is not \`as const\`: its properties may change`, baseNode);
        const members = this.membersOf(base.literal);
        if (!(members instanceof Map)) return { t: "unknown", e: members };
        const member = members.get(key);
        if (!member) return MISSING;
        if (member.kind === "function") return unknownAt(`\`${baseText()}.${key}\` is a method or accessor, not a value`, at);
        return this.memberValue(member, at);
      }
    }
  }

  private memberValue(member: Extract<Member, { kind: "value" }>, reference: ts.Node): Value {
    return this.memoised(
      this.values,
      member.node,
      // Members are only read from `as const` objects, and `as const` reaches nested literals.
      () => settle(this.valueOf(member.initializer, AS_CONST)),
      (cut) => cutValue(member.node.name, cut, reference),
    );
  }

  /** The properties of an object literal, later ones overriding earlier ones (spreads of `as const` objects included).
   * An unknown spread or computed key makes the whole object unknown: any property might come from it. */
  private membersOf(literal: ts.ObjectLiteralExpression): Members {
    return this.memoised(
      this.memberTables,
      literal,
      () => {
        const members = new Map<string, Member>();
        for (const property of literal.properties) {
          if (ts.isSpreadAssignment(property)) {
            const spread = this.valueOf(property.expression, NO_CONTEXT);
            if (spread.t === "object" && spread.asConst) {
              const spreadMembers = this.membersOf(spread.literal);
              if (!(spreadMembers instanceof Map)) return spreadMembers;
              for (const [key, member] of spreadMembers) members.set(key, member);
              continue;
            }
            const text = shortText(property.expression, 40);
            const why =
              spread.t === "unknown"
                ? `spreads \`...${text}\`, which cannot be seen: ${spread.e.why}`
                : spread.t === "object"
                  ? `spreads \`...${text}\`, which is not \`as const\``
                  : spread.t === "string" && spread.e.k === "ref"
                    ? `spreads \`...${text}\`, imported: its properties cannot be listed in this file`
                    : `spreads \`...${text}\`, which is not an \`as const\` object`;
            return unknownExpr(why, property);
          }
          if (ts.isPropertyAssignment(property) && !ts.isComputedPropertyName(property.name) && property.name.text === "__proto__") {
            // `__proto__: x` sets the prototype: properties not listed here may still be read through it.
            return unknownExpr("the object sets its prototype with `__proto__`", property);
          }
          const key = this.propertyKey(property.name!);
          if (typeof key !== "string") return unknownExpr(`computed key \`${shortText(property.name!, 40)}\`: ${key.why}`, property);
          if (ts.isPropertyAssignment(property)) {
            members.set(key, { kind: "value", node: property, initializer: property.initializer });
          } else if (ts.isShorthandPropertyAssignment(property)) {
            members.set(key, { kind: "value", node: property, initializer: property.name });
          } else {
            members.set(key, { kind: "function", node: property });
          }
        }
        return members;
      },
      () => unknownExpr("the object spreads itself", literal),
    );
  }

  /** A property name as the key it defines: identifiers and literals as written (the parser gives a number's text as
   * JavaScript prints the number: `1e3` is "1000"), computed names when they evaluate to a known string. */
  private propertyKey(name: ts.PropertyName): string | Unknown {
    if (ts.isComputedPropertyName(name)) return this.staticKey(name.expression, NO_CONTEXT);
    if (ts.isBigIntLiteral(name)) return name.text.slice(0, -1);
    return name.text;
  }

  /** The key of `obj[key]`: it must be known in this file (a ref cannot be a key: facts of one file know no others). */
  private staticKey(node: ts.Expression, context: Context): string | Unknown {
    const value = this.valueOf(node, partContext(context));
    if (value.t === "number") return String(value.n);
    if (value.t === "unknown") return value.e;
    if (value.t !== "string") return unknownExpr(`the key \`${shortText(node, 40)}\` is not a string`, node);
    const text = simplify(value.e);
    if (text.k === "str") return text.v;
    const unknown = firstUnknown(text);
    if (unknown) return unknown;
    return unknownExpr(`the key \`${shortText(node, 40)}\` is imported: a key must be known in this file`, node);
  }

  private enumMembers(declaration: ts.EnumDeclaration): Map<string, ts.EnumMember> {
    let members = this.enumMemberTables.get(declaration);
    if (!members) {
      members = new Map();
      for (const member of declaration.members) {
        const name = enumMemberName(member.name);
        if (name !== undefined) members.set(name, member);
      }
      this.enumMemberTables.set(declaration, members);
    }
    return members;
  }

  private enumMemberValue(member: ts.EnumMember, reference: ts.Node): Value {
    return this.memoised(
      this.values,
      member,
      () =>
        member.initializer
          ? settle(this.valueOf(member.initializer, { enumDeclaration: member.parent, asConst: false }))
          : { t: "number", n: Number.NaN },
      (cut) => cutValue(member.name, cut, reference),
    );
  }

  /** A string enum member's value; a numeric one is unknown (SPEC: string enum members only). */
  private enumMemberRead(member: ts.EnumMember, at: ts.Node): Value {
    const value = this.enumMemberValue(member, at);
    if (value.t === "string" || value.t === "unknown") return value;
    return unknownAt(`\`${member.parent.name.text}.${member.name.getText()}\` is a numeric enum member`, at);
  }
}

function isWrapper(
  node: ts.Expression,
): node is ts.ParenthesizedExpression | ts.NonNullExpression | ts.SatisfiesExpression | ts.AsExpression | ts.TypeAssertion {
  return (
    ts.isParenthesizedExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isTypeAssertionExpression(node)
  );
}

/** The context for a part that is not the value itself (an operand, a key, a substitution): no longer `as const`. */
function partContext(context: Context): Context {
  return context.asConst ? { enumDeclaration: context.enumDeclaration, asConst: false } : context;
}

function loopVariable(declaration: ts.Node): string | undefined {
  const node = patternOwner(declaration);
  if (!ts.isVariableDeclaration(node)) return undefined;
  const statement = node.parent.parent;
  if (ts.isForOfStatement(statement) && statement.initializer === node.parent) return "for...of";
  if (ts.isForInStatement(statement) && statement.initializer === node.parent) return "for...in";
  return undefined;
}

function imported(declaration: ts.Node, reference: ts.Identifier): Value {
  const name = reference.text;
  if (ts.isImportEqualsDeclaration(declaration)) {
    return unknownAt(`\`${name}\` is imported with \`import ${name} = ...\`, which is not followed`, reference);
  }
  const importDeclaration = ts.findAncestor(declaration, ts.isImportDeclaration);
  if (!importDeclaration || !ts.isStringLiteral(importDeclaration.moduleSpecifier)) {
    return unknownAt(`\`${name}\` is imported from a module that cannot be read`, reference);
  }
  const module = importDeclaration.moduleSpecifier.text;
  if (ts.isNamespaceImport(declaration)) return { t: "namespace", module };
  const exportName = ts.isImportSpecifier(declaration)
    ? (declaration.propertyName ?? declaration.name).text
    : "default";
  return { t: "string", e: refAt(module, exportName, [], reference) };
}

/** Whether a name may stand for a string: a const (which may hold one) or an import (a ref); any other binding, or none, is unknown. */
function mayHoldString(id: ts.Identifier): boolean {
  const binding = resolveBinding(id);
  return !!binding && !loopVariable(binding.declaration) && (binding.kind === "const" || binding.kind === "import");
}

const MISSING = Symbol("missing property");

/**
 * The context of an expression a caller hands in: whether it sits inside an enum initializer. (Whether it sits under
 * `as const` would change only an object literal's value, which is no string whatever it is; every part of a value is
 * read without `as const`.)
 */
function contextOf(expr: ts.Expression): Context {
  const enumDeclaration = enumOf(expr);
  return enumDeclaration ? { enumDeclaration, asConst: false } : NO_CONTEXT;
}

/** The enum whose member's initializer an expression is (a part of), if it is. */
function enumOf(expr: ts.Expression): ts.EnumDeclaration | undefined {
  for (let child: ts.Node = expr, parent = expr.parent; parent; child = parent, parent = parent.parent) {
    const kind = parent.kind;
    if (kind === EnumMember) return (parent as ts.EnumMember).initializer === child ? (parent as ts.EnumMember).parent : undefined;
    if (kind !== TemplateSpan && kind !== PropertyAssignment && !isExpression(parent)) return undefined;
  }
  return undefined;
}


/** An enum member's name: written as an identifier or a string, or computed from a string (`["a-b"] = "x"`, all TypeScript allows). */
function enumMemberName(name: ts.PropertyName): string | undefined {
  if (!ts.isComputedPropertyName(name)) return ts.isPrivateIdentifier(name) ? undefined : name.text;
  const e = name.expression;
  return ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) ? e.text : undefined;
}
