// Per-file facts: a pure function of (file text, extraction options). The syntax tree stays here; facts leave as data.
import { ts, parseSource, parseDiagnostics, locOf, endOf, positionAt } from "../ts.js";
import { collectConstants, evaluateString, type StrExpr } from "./strings.js";
import { declarationListKind, isFunctionLike, resolveBinding } from "./scope.js";
import { calledName, flattenPlus, functionName, isStringConcatenation, isStringLike, peel, propertyNameText, shortText } from "./syntax.js";
import { calleeRefOf, definitionsOf, operandsOf } from "./values.js";
import type {
  BareSentenceFact,
  CalleeRef,
  BuildFact,
  ExportFact,
  FileFacts,
  FunctionFact,
  HandlerFact,
  ImportFact,
  Loc,
  ObjectEntryFact,
  PassThroughFact,
  ReturnFact,
  Site,
  ToolFact,
} from "./types.js";

/** The part of the config the per-file facts depend on (and nothing else): the cache key of a file's facts. */
export interface ExtractOptions {
  /** Registration methods: `server.registerTool(name, config, handler)`, `server.tool(name, …, handler)`. */
  register: string[];
  /** Wrappers around a handler (`textTool(fn)`), unwrapped to the function inside. */
  adapters: string[];
  /** Definer calls: `defineTool({ name, description, run })`. */
  definers: string[];
  /** The definer property holding the body. */
  bodyKey: string;
  /** Names whose calls build an envelope: the builder and the allow-listed callees. */
  builders: string[];
  /** The two producers' names (failure, refusal), for the rewrites an editor may suggest. */
  producers: string[];
}

/** A description the census knows is there but cannot read (a spread it cannot follow), and where. */
interface UnseenDescription {
  unseen: string;
  at: ts.Node;
}

/** The substitution marker of canonical bare-sentence text (SPEC §2.3). */
export const HOLE = "${…}";

export function extractFileFacts(fileName: string, text: string, options: ExtractOptions): FileFacts {
  const sourceFile = parseSource(fileName, text);
  return extractFromSourceFile(sourceFile, options);
}

export function extractFromSourceFile(sourceFile: ts.SourceFile, options: ExtractOptions): FileFacts {
  const errors = parseDiagnostics(sourceFile);
  if (errors.length > 0) {
    return {
      ...emptyFacts(),
      parseErrors: errors.map((d) => ({
        loc: positionAt(sourceFile, d.start),
        end: positionAt(sourceFile, d.start + Math.max(d.length, 1)),
        message: ts.flattenDiagnosticMessageText(d.messageText, " "),
      })),
    };
  }
  return new Extractor(sourceFile, options).run();
}

function emptyFacts(): FileFacts {
  return {
    parseErrors: [],
    imports: {},
    exports: [],
    constants: {},
    declarations: {},
    factories: {},
    objects: {},
    functions: {},
    tools: [],
    passThroughs: [],
    builds: [],
  };
}

class Extractor {
  private readonly facts: FileFacts = emptyFacts();
  /** Function nodes that are tool bodies, to the index of their tool. */
  private readonly toolBodies = new Map<ts.Node, number>();
  /** Top-level function nodes, to their local name. */
  private readonly topLevel = new Map<ts.Node, string>();
  /** Where a function bound to a `const` is declared (for findings about the function as a whole). */
  private readonly declaredAt = new Map<ts.Node, { loc: Loc; end: Loc }>();
  private readonly register: Set<string>;
  private readonly adapters: Set<string>;
  private readonly definers: Set<string>;
  private readonly builders: Set<string>;

  constructor(
    private readonly sf: ts.SourceFile,
    private readonly options: ExtractOptions,
  ) {
    this.register = new Set(options.register);
    this.adapters = new Set(options.adapters);
    this.definers = new Set(options.definers);
    this.builders = new Set(options.builders);
  }

  run(): FileFacts {
    this.collectModuleShape();
    this.facts.constants = collectConstants(this.sf);
    this.collectTopLevelObjects();
    this.collectTopLevelFunctions();
    // Tools first: every later fact asks which tool body it sits in.
    const calls: ts.CallExpression[] = [];
    const ifs: ts.IfStatement[] = [];
    const objects: ts.ObjectLiteralExpression[] = [];
    const strings: ts.Expression[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) calls.push(node);
      else if (ts.isIfStatement(node)) ifs.push(node);
      else if (ts.isObjectLiteralExpression(node)) objects.push(node);
      if (isMaximalString(node)) strings.push(node as ts.Expression);
      if (ts.isTypeNode(node) || ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
      ts.forEachChild(node, visit);
    };
    visit(this.sf);
    for (const call of calls) this.tryTool(call);
    // Only an exported function can be a shared validator: the others' returns need no tracing.
    const exported = new Set(this.facts.exports.flatMap((e) => ("local" in e ? [e.local] : [])));
    for (const [name, node] of this.topLevelByName()) this.facts.functions[name] = this.functionFacts(node, exported.has(name));
    for (const node of ifs) this.tryPassThrough(node);
    for (const call of calls) this.tryBuilderCall(call);
    for (const object of objects) this.tryEnvelopeObject(object);
    for (const s of strings) this.trySerialised(s);
    return this.facts;
  }

  // ── imports, exports ────────────────────────────────────────────────────────────────────────────

  private collectModuleShape(): void {
    const { imports, exports } = this.facts;
    for (const s of this.sf.statements) {
      if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && s.importClause && !s.importClause.isTypeOnly) {
        const module = s.moduleSpecifier.text;
        const clause = s.importClause;
        if (clause.name) imports[clause.name.text] = { module, name: "default" } satisfies ImportFact;
        const nb = clause.namedBindings;
        if (nb && ts.isNamespaceImport(nb)) imports[nb.name.text] = { module, name: "*" };
        else if (nb) for (const el of nb.elements) if (!el.isTypeOnly) imports[el.name.text] = { module, name: (el.propertyName ?? el.name).text };
      } else if (ts.isExportDeclaration(s) && !s.isTypeOnly) {
        const from = s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) ? s.moduleSpecifier.text : null;
        const clause = s.exportClause;
        if (!clause) {
          if (from) exports.push({ star: from });
        } else if (ts.isNamespaceExport(clause)) {
          if (from) exports.push({ name: clause.name.text, from, importName: "*" });
        } else {
          for (const el of clause.elements) {
            if (el.isTypeOnly) continue;
            const local = (el.propertyName ?? el.name).text;
            const entry: ExportFact = from ? { name: el.name.text, from, importName: local } : { name: el.name.text, local };
            exports.push(entry);
          }
        }
      } else if (ts.isExportAssignment(s) && !s.isExportEquals) {
        const e = peel(s.expression, false);
        exports.push({ name: "default", local: ts.isIdentifier(e) ? e.text : "default" });
      } else if (hasModifier(s, ts.SyntaxKind.ExportKeyword)) {
        const isDefault = hasModifier(s, ts.SyntaxKind.DefaultKeyword);
        if (ts.isVariableStatement(s)) {
          for (const d of s.declarationList.declarations) for (const n of boundNames(d.name)) exports.push({ name: n, local: n });
        } else if (ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) {
          const local = s.name?.text ?? "default";
          exports.push({ name: isDefault ? "default" : local, local });
        } else if (ts.isEnumDeclaration(s)) {
          exports.push({ name: s.name.text, local: s.name.text });
        }
      }
    }
  }

  private collectTopLevelObjects(): void {
    for (const s of this.sf.statements) {
      if (!ts.isVariableStatement(s) || declarationListKind(s.declarationList) !== "const") continue;
      for (const d of s.declarationList.declarations) {
        if (!ts.isIdentifier(d.name)) continue;
        this.facts.declarations[d.name.text] = locOf(d);
        const init = d.initializer && peel(d.initializer, false);
        if (init && ts.isCallExpression(init) && !this.unwrapToFunction(init)) {
          this.facts.factories[d.name.text] = { loc: locOf(d), end: endOf(d.name), callee: calledName(init) ?? shortText(init.expression, 40) };
        }
        if (!init || !ts.isObjectLiteralExpression(init)) continue;
        this.facts.objects[d.name.text] = this.objectEntries(init, 0);
      }
    }
  }

  /** An object literal's entries as strings: `key: value`, shorthand `key`, and spreads of other const objects. */
  private objectEntries(object: ts.ObjectLiteralExpression, depth: number): ObjectEntryFact[] {
    const entries: ObjectEntryFact[] = [];
    for (const p of object.properties) {
      if (ts.isPropertyAssignment(p)) {
        const key: StrExpr = ts.isComputedPropertyName(p.name)
          ? evaluateString(p.name.expression)
          : { k: "str", v: propertyNameText(p.name) ?? "" };
        entries.push({ key, value: evaluateString(p.initializer), loc: locOf(p), end: endOf(p), valueLoc: locOf(p.initializer) });
      } else if (ts.isShorthandPropertyAssignment(p)) {
        entries.push({ key: { k: "str", v: p.name.text }, value: evaluateString(p.name), loc: locOf(p), end: endOf(p), valueLoc: locOf(p.name) });
      } else if (ts.isSpreadAssignment(p)) {
        const spread = peel(p.expression, false);
        const inner = ts.isObjectLiteralExpression(spread) ? spread : this.constObject(spread);
        if (inner && depth < 8) entries.push(...this.objectEntries(inner, depth + 1));
        else {
          // Entries the census cannot list: one entry whose key says so, so the reader reports it.
          const why = `the object spreads \`${shortText(p.expression, 40)}\`, whose entries the census cannot list`;
          entries.push({ key: { k: "unknown", why, ...locOf(p) }, value: { k: "unknown", why, ...locOf(p) }, loc: locOf(p), end: endOf(p), valueLoc: locOf(p) });
        }
      }
    }
    return entries;
  }

  // ── functions ───────────────────────────────────────────────────────────────────────────────────

  private collectTopLevelFunctions(): void {
    for (const s of this.sf.statements) {
      if (ts.isFunctionDeclaration(s) && s.body) {
        this.topLevel.set(s, s.name?.text ?? "default");
      } else if (ts.isVariableStatement(s)) {
        for (const d of s.declarationList.declarations) {
          if (!ts.isIdentifier(d.name) || !d.initializer) continue;
          const fn = this.unwrapToFunction(d.initializer);
          if (fn) {
            this.topLevel.set(fn, d.name.text);
            // Its home is the declaration that names it: `export const formatError = …` up to the name.
            this.declaredAt.set(fn, { loc: locOf(s.declarationList.declarations.length === 1 ? s : d), end: endOf(d.name) });
          }
        }
      } else if (ts.isExportAssignment(s)) {
        const fn = this.unwrapToFunction(s.expression);
        if (fn) this.topLevel.set(fn, "default");
      }
    }
  }

  private *topLevelByName(): Generator<[string, ts.FunctionLikeDeclaration]> {
    for (const [node, name] of this.topLevel) yield [name, node as ts.FunctionLikeDeclaration];
  }

  /** A function expression, possibly wrapped in adapter calls (`textTool(async () => …)`). */
  private unwrapToFunction(expr: ts.Expression): ts.FunctionLikeDeclaration | undefined {
    const e = this.unwrapAdapters(expr);
    return ts.isArrowFunction(e) || ts.isFunctionExpression(e) ? e : undefined;
  }

  private unwrapAdapters(expr: ts.Expression): ts.Expression {
    let e = peel(expr, false);
    for (let i = 0; i < 8 && ts.isCallExpression(e); i++) {
      // `handler.bind(this)` is the handler itself, with its `this` fixed.
      if (ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === "bind") {
        e = peel(e.expression.expression, false);
        continue;
      }
      const name = calledName(e);
      const inner = e.arguments[e.arguments.length - 1];
      if (!name || !this.adapters.has(name) || !inner) break;
      e = peel(inner, false);
    }
    return e;
  }

  /** `this.handleWaits` inside a class: the class's method (or arrow-valued property) of that name. */
  private thisMember(expr: ts.Expression): ts.FunctionLikeDeclaration | undefined {
    if (!ts.isPropertyAccessExpression(expr) || expr.expression.kind !== ts.SyntaxKind.ThisKeyword) return undefined;
    let owner: ts.Node | undefined = expr.parent;
    while (owner && !ts.isClassLike(owner)) owner = owner.parent;
    if (!owner) return undefined;
    const name = expr.name.text;
    for (const member of (owner as ts.ClassLikeDeclaration).members) {
      if (!member.name || propertyNameText(member.name) !== name) continue;
      if (ts.isMethodDeclaration(member) && member.body) return member;
      if (ts.isPropertyDeclaration(member) && member.initializer) return this.unwrapToFunction(member.initializer);
    }
    return undefined;
  }

  private functionFacts(fn: ts.FunctionLikeDeclaration, withReturns: boolean): FunctionFact {
    const returns: ReturnFact[] = [];
    const bareSentences: BareSentenceFact[] = [];
    const take = (expr: ts.Expression): void => {
      const e = peel(expr, false);
      if (withReturns) returns.push({ loc: locOf(e), end: endOf(e), text: shortText(e), operands: operandsOf(e) });
      bareSentences.push(...bareSentencesOf(e));
    };
    const body = fn.body;
    if (body && !ts.isBlock(body)) take(body);
    else if (body) {
      const visit = (node: ts.Node): void => {
        if (isFunctionLike(node) || ts.isClassLike(node)) return;
        if (ts.isReturnStatement(node) && node.expression) take(node.expression);
        ts.forEachChild(node, visit);
      };
      ts.forEachChild(body, visit);
    }
    const declared = this.declaredAt.get(fn);
    if (declared) return { ...declared, returns, bareSentences };
    const name = fn.name ?? fn.getFirstToken();
    return { loc: locOf(fn), end: name ? endOf(name) : endOf(fn), returns, bareSentences };
  }

  // ── tools ───────────────────────────────────────────────────────────────────────────────────────

  private tryTool(call: ts.CallExpression): void {
    const name = calledName(call);
    if (!name) return;
    if (this.register.has(name)) this.tryRegisteredTool(call);
    else if (this.definers.has(name)) this.tryDefinedTool(call);
  }

  private tryRegisteredTool(call: ts.CallExpression): void {
    const args = call.arguments;
    const first = args[0];
    const last = args[args.length - 1];
    if (args.length < 2 || !first || !last) return;
    const handlerExpr = this.unwrapAdapters(last);
    const followable = isFunctionLike(handlerExpr) || ts.isIdentifier(handlerExpr) || !!this.thisMember(handlerExpr);
    // Not a tool registration unless the name is a string: `x.tool(a, b)` of another API stays out of the census.
    if (!followable && !isStringLike(peel(first, false)) && evaluateString(first).k !== "str") return;
    const second = args.length >= 3 ? args[1] : undefined;
    const description = second ? this.registeredDescription(calledName(call)!, second) : undefined;
    this.addTool("register", call, first, description, handlerExpr);
  }

  /**
   * The description of a registration. `server.tool(name, description?, paramsSchema?, annotations?, handler)`: a
   * second argument that is not an object is the description, an object is the parameters' schema. Any other
   * registration method takes `(name, config, handler)`, and the description is the config's `description`.
   */
  private registeredDescription(method: string, second: ts.Expression): ts.Expression | UnseenDescription | undefined {
    const s = peel(second, false);
    const object = ts.isObjectLiteralExpression(s) ? s : this.constObject(s);
    if (method === "tool") {
      if (object || isFunctionLike(s)) return undefined;
      return s;
    }
    if (object) return this.descriptionOf(object);
    // A config the census cannot read: its description is unknown, and the finding will say why.
    return s;
  }

  /**
   * A config object's `description`, as JavaScript settles it: the last of its own property and the spreads that
   * set one. A spread the census cannot read may set it: then the description is unknown, not absent.
   */
  private descriptionOf(object: ts.ObjectLiteralExpression, depth = 0): ts.Expression | UnseenDescription | undefined {
    let found: ts.Expression | UnseenDescription | undefined;
    for (const p of object.properties) {
      if ((ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && propertyNameText(p.name) === "description") {
        found = ts.isPropertyAssignment(p) ? p.initializer : p.name;
      } else if (ts.isSpreadAssignment(p)) {
        const spread = peel(p.expression, false);
        const inner = ts.isObjectLiteralExpression(spread) ? spread : this.constObject(spread);
        if (inner && depth < 8) found = this.descriptionOf(inner, depth + 1) ?? found;
        else found = { unseen: `the config spreads \`${shortText(p.expression, 40)}\`, which may set the description`, at: p };
      }
    }
    return found;
  }

  /** The object literal a `const` identifier is bound to, if it is. */
  private constObject(expr: ts.Expression): ts.ObjectLiteralExpression | undefined {
    if (!ts.isIdentifier(expr)) return undefined;
    const decl = resolveBinding(expr)?.declaration;
    if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer || !ts.isVariableDeclarationList(decl.parent)) return undefined;
    if (declarationListKind(decl.parent) !== "const") return undefined;
    const init = peel(decl.initializer, false);
    return ts.isObjectLiteralExpression(init) ? init : undefined;
  }

  /** Why a handler expression is not a function the census can follow, and what to do, for the finding that says so. */
  private unfollowable(expr: ts.Expression): { why: string; fix?: string } {
    if (ts.isCallExpression(expr)) {
      const name = calledName(expr) ?? shortText(expr.expression, 40);
      return {
        why: `the handler is wrapped in \`${name}(…)\`, which is not a configured adapter`,
        fix: `add "${name}" to discovery.adapters in the config if it returns the function it wraps`,
      };
    }
    return { why: `the handler \`${shortText(expr, 40)}\` is not a function the census can follow` };
  }

  private tryDefinedTool(call: ts.CallExpression): void {
    let arg = call.arguments[0] && peel(call.arguments[0], false);
    // `const definition = { name, run }; defineTool(definition)` is the same tool.
    if (arg && ts.isIdentifier(arg)) {
      const decl = resolveBinding(arg)?.declaration;
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.isVariableDeclarationList(decl.parent) && declarationListKind(decl.parent) === "const") {
        arg = peel(decl.initializer, false);
      }
    }
    if (arg && !ts.isObjectLiteralExpression(arg) && call.arguments.length >= 2) {
      // A positional definer, `makeTool(name, description, schema, handler)`: read like `server.tool(...)`.
      const first = call.arguments[0]!;
      const last = call.arguments[call.arguments.length - 1]!;
      if (!isStringLike(peel(first, false)) && evaluateString(first).k !== "str") return;
      const second = call.arguments.length >= 3 ? call.arguments[1] : undefined;
      const description = second ? this.registeredDescription("tool", second) : undefined;
      this.addTool("definer", call, first, description, this.unwrapAdapters(last));
      return;
    }
    if (!arg || !ts.isObjectLiteralExpression(arg)) return;
    const nameExpr = propertyValue(arg, "name");
    const bodyKey = this.options.bodyKey;
    let body: ts.Expression | ts.FunctionLikeDeclaration | undefined;
    for (const p of arg.properties) {
      if (ts.isMethodDeclaration(p) && propertyNameText(p.name) === bodyKey) body = p;
      else if (ts.isPropertyAssignment(p) && propertyNameText(p.name) === bodyKey) body = this.unwrapAdapters(p.initializer);
      else if (ts.isShorthandPropertyAssignment(p) && p.name.text === bodyKey) body = p.name;
    }
    this.addTool("definer", call, nameExpr ?? arg, this.descriptionOf(arg), body, nameExpr === undefined);
  }

  private addTool(
    form: ToolFact["form"],
    call: ts.CallExpression,
    nameExpr: ts.Expression,
    description: ts.Expression | UnseenDescription | undefined,
    body: ts.Expression | ts.FunctionLikeDeclaration | undefined,
    nameMissing = false,
  ): void {
    const index = this.facts.tools.length;
    const name: StrExpr = nameMissing
      ? { k: "unknown", why: `the ${form === "definer" ? "definer" : "registration"} has no \`name\``, ...locOf(call) }
      : evaluateString(nameExpr);
    let handler: HandlerFact;
    let fnNode: ts.FunctionLikeDeclaration | undefined;
    if (!body) handler = { k: "missing", why: `the definer has no \`${this.options.bodyKey}\` function` };
    else if (isFunctionLike(body)) fnNode = body;
    else if (ts.isIdentifier(body)) {
      const resolved = this.resolveHandler(body);
      if ("node" in resolved) fnNode = resolved.node;
      handler = "handler" in resolved ? resolved.handler : { k: "inline", loc: locOf(body) };
    } else {
      // `this.method`: a method of the class the registration sits in; anything else cannot be followed.
      fnNode = this.thisMember(body);
      if (!fnNode) handler = { k: "missing", ...this.unfollowable(body) };
    }
    if (fnNode) {
      handler = { k: "inline", loc: locOf(fnNode) };
      if (!this.toolBodies.has(fnNode)) this.toolBodies.set(fnNode, index);
    }
    this.facts.tools.push({
      form,
      loc: locOf(call),
      name,
      nameLoc: locOf(nameExpr),
      description: !description ? null : "unseen" in description ? { k: "unknown", why: description.unseen, ...locOf(description.at) } : evaluateString(description),
      descriptionLoc: !description ? null : locOf("unseen" in description ? description.at : description),
      descriptionEnd: !description ? null : endOf("unseen" in description ? description.at : description),
      handler: handler!,
      bareSentences: fnNode ? this.functionFacts(fnNode, false).bareSentences : [],
    });
  }

  /** Follows a handler named by an identifier to a function of this file, or to the import it comes from. */
  private resolveHandler(id: ts.Identifier): { node: ts.FunctionLikeDeclaration } | { handler: HandlerFact } {
    const binding = resolveBinding(id);
    if (!binding) return { handler: { k: "missing", why: `the handler \`${id.text}\` is not declared in this file` } };
    const decl = binding.declaration;
    if (ts.isFunctionDeclaration(decl)) return { node: decl };
    if (ts.isVariableDeclaration(decl) && decl.initializer && binding.kind === "const") {
      const fn = this.unwrapToFunction(decl.initializer);
      if (fn) return { node: fn };
    }
    if (binding.kind === "import") {
      const ref = calleeRefOf(id);
      if (ref.k === "import") return { handler: { k: "import", module: ref.module, name: ref.name, local: ref.local } };
    }
    return { handler: { k: "missing", why: `the handler \`${id.text}\` is a ${binding.kind} that does not hold a function the census can follow` } };
  }

  // ── pass-throughs ───────────────────────────────────────────────────────────────────────────────

  private tryPassThrough(node: ts.IfStatement): void {
    const match = matchPassThrough(node);
    if (!match) return;
    const fn = enclosingFunctionOf(node);
    const closeParen = node.getChildren().find((c) => c.kind === ts.SyntaxKind.CloseParenToken);
    this.facts.passThroughs.push({
      loc: locOf(node),
      end: endOf(closeParen ?? node.expression),
      guard: shortText(node.expression, 120),
      path: pathText(match.path),
      root: match.root.text,
      fn: fn ? functionName(fn) : null,
      site: this.siteOf(node),
      defs: definitionsOf(match.root),
    });
  }

  // ── builds ──────────────────────────────────────────────────────────────────────────────────────

  private tryBuilderCall(call: ts.CallExpression): void {
    let callee = peel(call.expression, false);
    let wordArg: ts.Expression | undefined = call.arguments[0];
    let wordUnseen: string | undefined;
    let indirect = false;
    // `status.call(thisArg, word, …)` and `status.apply(thisArg, [word, …])` build the same envelope.
    if (ts.isPropertyAccessExpression(callee) && (callee.name.text === "call" || callee.name.text === "apply")) {
      const inner = peel(callee.expression, false);
      if (ts.isIdentifier(inner) || ts.isPropertyAccessExpression(inner)) {
        indirect = true;
        if (callee.name.text === "call") wordArg = call.arguments[1];
        else {
          const list = call.arguments[1] && peel(call.arguments[1], false);
          wordArg = list && ts.isArrayLiteralExpression(list) && !ts.isSpreadElement(list.elements[0] ?? list) ? list.elements[0] : undefined;
          if (!wordArg && list) wordUnseen = `the arguments are \`${shortText(list, 40)}\`, not a list the census can read`;
        }
        callee = inner;
      }
    }
    let name: string | null = null;
    let member = false;
    if (ts.isIdentifier(callee)) {
      const ref = calleeRefOf(callee);
      name = ref.k === "import" ? ref.name : callee.text;
      // A `const` alias (`const s = status`) resolves to the aliased name.
      if (ref.k === "local" && !this.builders.has(callee.text)) name = ref.name;
    } else if (ts.isPropertyAccessExpression(callee)) {
      name = callee.name.text;
      member = true;
    }
    if (!name || !this.builders.has(name)) return;
    const ref = calleeRefOf(callee);
    const word: StrExpr = wordArg
      ? evaluateString(wordArg)
      : { k: "unknown", why: wordUnseen ?? "no status word is passed", ...locOf(call) };
    // On an arbitrary object (`res.status(500)`) the call is someone else's method unless its word is a known string.
    if (member && ref.k !== "import" && word.k === "unknown") return;
    this.facts.builds.push({
      k: "call",
      loc: locOf(call),
      end: endOf(call),
      word,
      callee: { name, member, ref },
      enclosing: enclosingNames(call),
      site: this.siteOf(call),
      catchVariable: catchVariableOf(call),
      range: [call.getStart(this.sf), call.getEnd()],
      ...(indirect ? {} : { rewrite: this.rewriteOf(call, callee, ref) }),
    });
  }

  private rewriteOf(call: ts.CallExpression, callee: ts.Expression, ref: CalleeRef): NonNullable<BuildFact["rewrite"]> {
    const args = call.arguments.map((a) => a.getText(this.sf));
    const hints = call.arguments[2] && peel(call.arguments[2], false);
    const parameter = hints && ts.isObjectLiteralExpression(hints) ? propertyValue(hints, "parameter") : undefined;
    const qualifier = ts.isPropertyAccessExpression(callee) ? `${callee.expression.getText(this.sf)}.` : "";
    const bound: string[] = [];
    const taken: string[] = [];
    for (const name of this.options.producers) {
      const probe = ts.factory.createIdentifier(name);
      // Resolve the name as if written at the call: is it the producer (imported or declared), or something else?
      (probe as { parent: ts.Node }).parent = call;
      const binding = resolveBinding(probe);
      if (!binding) continue;
      const d = binding.declaration;
      const isProducer =
        binding.kind === "function" ||
        (ts.isImportSpecifier(d) && (d.propertyName ?? d.name).text === name) ||
        (binding.kind === "const" && ts.isVariableDeclaration(d) && !!d.initializer && !!this.unwrapToFunction(d.initializer));
      (isProducer ? bound : taken).push(name);
    }
    const rewrite: NonNullable<BuildFact["rewrite"]> = { args, qualifier, bound, taken };
    if (parameter) rewrite.parameter = parameter.getText(this.sf);
    if (ref.k === "import" && !qualifier) {
      const decl = this.sf.statements.find(
        (s): s is ts.ImportDeclaration =>
          ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && s.moduleSpecifier.text === ref.module && !!s.importClause?.namedBindings && ts.isNamedImports(s.importClause.namedBindings),
      );
      const named = decl?.importClause?.namedBindings as ts.NamedImports | undefined;
      const last = named?.elements[named.elements.length - 1];
      if (last) rewrite.importAfter = last.getEnd();
    }
    return rewrite;
  }

  private tryEnvelopeObject(object: ts.ObjectLiteralExpression): void {
    for (const p of object.properties) {
      let word: StrExpr | undefined;
      if (ts.isPropertyAssignment(p) && this.isStatusKey(p.name)) word = evaluateString(p.initializer);
      else if (ts.isShorthandPropertyAssignment(p) && p.name.text === "status") word = evaluateString(p.name);
      if (!word) continue;
      this.facts.builds.push({
        k: "object",
        loc: locOf(p),
        end: endOf(p),
        word,
        enclosing: enclosingNames(object),
        site: this.siteOf(object),
        range: [object.getStart(this.sf), object.getEnd()],
      });
    }
  }

  private isStatusKey(name: ts.PropertyName): boolean {
    if (ts.isComputedPropertyName(name)) {
      const key = evaluateString(name.expression);
      return key.k === "str" && key.v === "status";
    }
    return propertyNameText(name) === "status";
  }

  private trySerialised(expr: ts.Expression): void {
    const value = evaluateString(expr);
    if (!mayHoldStatusKey(value)) return;
    this.facts.builds.push({
      k: "serialised",
      loc: locOf(expr),
      end: endOf(expr),
      word: value,
      enclosing: enclosingNames(expr),
      site: this.siteOf(expr),
      range: [expr.getStart(this.sf), expr.getEnd()],
    });
  }

  // ── sites ───────────────────────────────────────────────────────────────────────────────────────

  private siteOf(node: ts.Node): Site {
    let tool: number | null = null;
    let owner: string | null = null;
    for (let p: ts.Node | undefined = node.parent; p; p = p.parent) {
      if (tool === null) {
        const index = this.toolBodies.get(p);
        if (index !== undefined) tool = index;
      }
      const name = this.topLevel.get(p);
      if (name !== undefined) owner = name;
    }
    return { tool, owner };
  }
}

// ── pass-through matching (SPEC §2.1) ─────────────────────────────────────────────────────────────

export interface PassThroughMatch {
  /** The path returned, casts peeled. */
  path: ts.Expression;
  /** Its root identifier: the variable traced. */
  root: ts.Identifier;
  returnStatement: ts.ReturnStatement;
}

/** An `if` without `else` whose consequent returns (or ends by returning) an access path its condition guards. */
export function matchPassThrough(node: ts.IfStatement): PassThroughMatch | undefined {
  if (node.elseStatement) return undefined;
  const consequent = node.thenStatement;
  let ret: ts.Statement | undefined = consequent;
  if (ts.isBlock(consequent)) ret = consequent.statements[consequent.statements.length - 1];
  if (!ret || !ts.isReturnStatement(ret) || !ret.expression) return undefined;
  const path = peel(ret.expression);
  const root = rootOfPath(path);
  if (!root || !guards(node.expression, path)) return undefined;
  return { path, root, returnStatement: ret };
}

function rootOfPath(expr: ts.Expression): ts.Identifier | undefined {
  const e = peel(expr, false);
  if (ts.isIdentifier(e)) return e;
  if (ts.isPropertyAccessExpression(e)) return rootOfPath(e.expression);
  if (ts.isElementAccessExpression(e) && literalKey(e.argumentExpression) !== undefined) return rootOfPath(e.expression);
  return undefined;
}

function literalKey(expr: ts.Expression): string | undefined {
  const e = peel(expr, false);
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isNumericLiteral(e)) return e.text;
  return undefined;
}

/** Two access paths name the same storage: same bindings, same properties, same literal keys. */
export function samePath(a: ts.Expression, b: ts.Expression): boolean {
  const x = peel(a, false);
  const y = peel(b, false);
  if (ts.isIdentifier(x) && ts.isIdentifier(y)) {
    if (x.text !== y.text) return false;
    const bx = resolveBinding(x);
    const by = resolveBinding(y);
    return bx === by || (bx !== undefined && by !== undefined && bx.nameNode === by.nameNode);
  }
  if (ts.isPropertyAccessExpression(x) && ts.isPropertyAccessExpression(y)) {
    return x.name.text === y.name.text && samePath(x.expression, y.expression);
  }
  if (ts.isElementAccessExpression(x) && ts.isElementAccessExpression(y)) {
    const kx = literalKey(x.argumentExpression);
    return kx !== undefined && kx === literalKey(y.argumentExpression) && samePath(x.expression, y.expression);
  }
  // `r.error` and `r["error"]` are the same property.
  const keyOf = (e: ts.Expression): [ts.Expression, string] | undefined =>
    ts.isPropertyAccessExpression(e)
      ? [e.expression, e.name.text]
      : ts.isElementAccessExpression(e) && literalKey(e.argumentExpression) !== undefined
        ? [e.expression, literalKey(e.argumentExpression)!]
        : undefined;
  const kx = keyOf(x);
  const ky = keyOf(y);
  return !!kx && !!ky && kx[1] === ky[1] && samePath(kx[0], ky[0]);
}

const NULL_CHECKS = new Set([ts.SyntaxKind.ExclamationEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken]);
const EQUALITY = new Set([ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.EqualsEqualsEqualsToken]);

/** Whether a condition lets the consequent run only when `path` holds a value (every spelling of SPEC §2.1). */
export function guards(condition: ts.Expression, path: ts.Expression): boolean {
  const c = peel(condition, false);
  if (samePath(c, path)) return true;
  if (ts.isBinaryExpression(c)) {
    const op = c.operatorToken.kind;
    // `P !== null && P !== undefined`, or a guard of P joined with further conditions.
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return guards(c.left, path) || guards(c.right, path);
    if (NULL_CHECKS.has(op)) {
      if ((samePath(c.left, path) && isNullLiteral(c.right)) || (samePath(c.right, path) && isNullLiteral(c.left))) return true;
      return typeofGuard(c, path);
    }
    if (EQUALITY.has(op)) return typeofGuard(c, path);
  }
  if (ts.isPrefixUnaryExpression(c) && c.operator === ts.SyntaxKind.ExclamationToken) {
    const inner = peel(c.operand, false);
    return ts.isPrefixUnaryExpression(inner) && inner.operator === ts.SyntaxKind.ExclamationToken && samePath(inner.operand, path);
  }
  if (ts.isCallExpression(c) && c.arguments.length === 1) {
    const callee = peel(c.expression, false);
    if (ts.isIdentifier(callee) && callee.text === "Boolean" && !resolveBinding(callee)) return samePath(c.arguments[0]!, path);
  }
  return false;
}

function typeofGuard(c: ts.BinaryExpression, path: ts.Expression): boolean {
  const positive = EQUALITY.has(c.operatorToken.kind);
  for (const [a, b] of [
    [c.left, c.right],
    [c.right, c.left],
  ] as const) {
    const t = peel(a, false);
    const lit = peel(b, false);
    if (!ts.isTypeOfExpression(t) || !samePath(t.expression, path)) continue;
    if (!ts.isStringLiteral(lit) && !ts.isNoSubstitutionTemplateLiteral(lit)) continue;
    // `typeof P === "string"` (SPEC §2.1), or `typeof P !== "undefined"`; other types are checks on data, not guards.
    return positive ? lit.text === "string" : lit.text === "undefined";
  }
  return false;
}

function isNullLiteral(expr: ts.Expression): boolean {
  const e = peel(expr, false);
  if (e.kind === ts.SyntaxKind.NullKeyword) return true;
  if (ts.isIdentifier(e) && e.text === "undefined" && !resolveBinding(e)) return true;
  return ts.isVoidExpression(e);
}

function pathText(path: ts.Expression): string {
  const e = peel(path, false);
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return `${pathText(e.expression)}.${e.name.text}`;
  if (ts.isElementAccessExpression(e)) return `${pathText(e.expression)}[${e.argumentExpression.getText()}]`;
  return shortText(e);
}

// ── bare sentences (SPEC §2.3) ────────────────────────────────────────────────────────────────────

/** The bare sentences in one returned expression: each `?:` branch and each string operand of `??`/`||` on its own. */
export function bareSentencesOf(expr: ts.Expression): BareSentenceFact[] {
  const e = peel(expr);
  if (ts.isConditionalExpression(e)) return [...bareSentencesOf(e.whenTrue), ...bareSentencesOf(e.whenFalse)];
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
      return [...bareSentencesOf(e.left), ...bareSentencesOf(e.right)];
    }
  }
  if (isStringLike(e) || isStringConcatenation(e)) return [{ loc: locOf(e), end: endOf(e), sentence: canonicalText(e) }];
  return [];
}

/** Cooked text with every substitution and non-literal operand written `${…}`. */
export function canonicalText(expr: ts.Expression): string {
  const e = peel(expr, false);
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
  if (ts.isTemplateExpression(e)) return e.head.text + e.templateSpans.map((s) => HOLE + s.literal.text).join("");
  if (isStringConcatenation(e)) return flattenPlus(e).map((op) => (isStringLike(op) ? canonicalText(op) : HOLE)).join("");
  return HOLE;
}

// ── small helpers ─────────────────────────────────────────────────────────────────────────────────

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

function boundNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : boundNames(e.name)));
}

function propertyValue(object: ts.ObjectLiteralExpression, key: string): ts.Expression | undefined {
  for (const p of object.properties) {
    if (ts.isPropertyAssignment(p) && propertyNameText(p.name) === key) return p.initializer;
    if (ts.isShorthandPropertyAssignment(p) && p.name.text === key) return p.name;
  }
  return undefined;
}

function enclosingFunctionOf(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  for (let p = node.parent; p; p = p.parent) if (isFunctionLike(p)) return p;
  return undefined;
}

function enclosingNames(node: ts.Node): string[] {
  const names: string[] = [];
  for (let p = node.parent; p; p = p.parent) {
    if (!isFunctionLike(p)) continue;
    const n = functionName(p);
    if (n) names.push(n);
  }
  return names;
}

function catchVariableOf(node: ts.Node): string | null | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (isFunctionLike(p)) return undefined;
    if (ts.isCatchClause(p)) {
      const d = p.variableDeclaration;
      return d && ts.isIdentifier(d.name) ? d.name.text : null;
    }
  }
  return undefined;
}

/** A string expression not nested in a larger one: the unit a serialised envelope is read from. */
function isMaximalString(node: ts.Node): boolean {
  if (!ts.isStringLiteral(node) && !ts.isNoSubstitutionTemplateLiteral(node) && !ts.isTemplateExpression(node)) {
    if (!ts.isBinaryExpression(node) || !isStringConcatenation(node)) return false;
  }
  let p = node.parent;
  while (p && (ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isSatisfiesExpression(p))) p = p.parent;
  if (!p) return true;
  if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.PlusToken && isStringConcatenation(p)) return false;
  if (ts.isTemplateSpan(p)) return false;
  // Keys, module names and types are not values.
  if ((ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isMethodDeclaration(p) || ts.isEnumMember(p)) && p.name === node) return false;
  if (ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isExternalModuleReference(p) || ts.isLiteralTypeNode(p)) return false;
  if (ts.isTaggedTemplateExpression(p)) return false;
  return true;
}

/** Cheap filter: a string that mentions `status` in its known text, or that depends on another module's constant. */
function mayHoldStatusKey(value: StrExpr): boolean {
  switch (value.k) {
    case "str":
      return value.v.includes("status");
    case "cat":
      return value.parts.some(mayHoldStatusKey);
    case "ref":
      return true;
    case "unknown":
      return false;
  }
}
