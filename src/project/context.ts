// What every project-level check of one SKU shares: its files' facts, module graph, producers and string resolution.
import picomatch from "picomatch";
import type { ProducerCategory, ResolvedConfig, ResolvedProducer, ResolvedSku } from "../config/types.js";
import { constantAt } from "../facts/constantAt.js";
import type { FileFacts, StrExpr } from "../facts/types.js";
import type { FactStore } from "./factStore.js";
import path from "node:path";
import { ENVELOPE_MODULE, ModuleGraph, envelopeConstant, type ExportHop, type Followed } from "./modules.js";
import { slashRelative } from "../paths.js";
import { StringResolver, type Resolved } from "./stringResolver.js";

export interface ProducerIdentity {
  file: string;
  export: string;
  category: ProducerCategory;
}

/** The `sku` of a project-wide finding: the one SKU's name, or `*` when the fact spans several. */
export function projectWideSku(config: ResolvedConfig): string {
  return config.skus.length === 1 ? config.skus[0]!.name : "*";
}

export class SkuContext {
  readonly graph: ModuleGraph;
  private readonly nameMatchers = new Map<ResolvedProducer, (name: string) => boolean>();
  private readonly carrierMatchers: ((name: string) => boolean)[];
  private readonly strings: StringResolver;
  private readonly relative = new Map<string, string>();

  constructor(
    readonly config: ResolvedConfig,
    readonly sku: ResolvedSku,
    readonly store: FactStore,
  ) {
    this.graph = new ModuleGraph(store, (f) => this.rel(f));
    for (const p of sku.producers) {
      const globs = p.names;
      this.nameMatchers.set(p, globs ? picomatch(globs) : () => true);
    }
    this.carrierMatchers = config.carriers.map((g) => picomatch(g));
    this.strings = new StringResolver((fromFile, ref) => {
      // `defs.alpha.name` of a namespace re-exported (`export * as defs from "./defs.js"`): `alpha.name` of that module;
      // `defs` itself is the module's namespace object, no string, as a namespace import is.
      const namespace = this.graph.reexportedNamespace(fromFile, ref.module, ref.name);
      if (namespace && ref.path.length === 0) return { unknown: `it is the namespace of module "${namespace.module}", not a string` };
      if (namespace) return { file: namespace.file, expr: { ...ref, module: namespace.module, name: ref.path[0]!, path: ref.path.slice(1) } };
      const followed = this.graph.followImport(fromFile, ref.module, ref.name);
      if (!followed.ok) return { unknown: followed.why };
      if (followed.file === ENVELOPE_MODULE) {
        const constant = ref.path.length === 0 ? envelopeConstant(followed.local) : { unknown: `\`${followed.local}\` of ${ENVELOPE_MODULE} has no members` };
        return "value" in constant ? { file: followed.file, expr: { k: "str", v: constant.value } } : constant;
      }
      const facts = this.facts(followed.file);
      if (!facts) return { unknown: `${this.rel(followed.file)} does not parse` };
      const found = constantAt(facts.constants, followed.local, ref.path);
      if ("unknown" in found) return { unknown: `${found.unknown} (in ${this.rel(followed.file)})` };
      return { file: followed.file, expr: found.expr };
    });
  }

  /** A path relative to the config's folder, `/` separators: the only form a file takes in output. */
  rel(file: string): string {
    // Only a file is a path: a module that is none (the runtime module a package ships) is named as it is imported.
    if (!path.isAbsolute(file)) return file;
    let rel = this.relative.get(file);
    if (rel === undefined) {
      rel = slashRelative(this.config.dir, file);
      this.relative.set(file, rel);
    }
    return rel;
  }

  /** Facts of a file that parses, or undefined. */
  facts(file: string): FileFacts | undefined {
    const f = this.store.get(file).facts;
    return f && f.parseErrors.length === 0 ? f : undefined;
  }

  /** The producer a (module, export) pair is, if it is one: the module is configured and the name matches its globs. */
  producerAt(hop: ExportHop): ProducerIdentity | undefined {
    for (const p of this.sku.producers) {
      if (p.module !== hop.file) continue;
      if (this.isContractFunction(hop.name)) continue;
      if (this.nameMatchers.get(p)!(hop.name)) return { file: hop.file, export: hop.name, category: p.category };
    }
    return undefined;
  }

  /** The first producer along a followed chain of exports. */
  producerOf(followed: Followed): ProducerIdentity | undefined {
    for (const hop of followed.hops) {
      const p = this.producerAt(hop);
      if (p) return p;
    }
    // A default export has no name of its own to match `names` against: its declaration's name stands in.
    if (followed.ok && followed.hops.some((h) => h.name === "default" && h.file === followed.file)) {
      return this.producerAt({ file: followed.file, name: followed.local });
    }
    return undefined;
  }

  /** A module of this SKU configured as a producer (whatever its names globs). */
  isProducerModule(file: string): ResolvedProducer | undefined {
    return this.sku.producers.find((p) => p.module === file);
  }

  isCarrier(fnName: string | null | undefined): boolean {
    return !!fnName && this.carrierMatchers.some((m) => m(fnName));
  }

  /** The builder and the two producers: never validators, never producers of refusals to pass through. */
  isContractFunction(name: string): boolean {
    const c = this.config.contract;
    return name === c.builder || name === c.failure || name === c.refusal;
  }

  /** Evaluates a string expression of `file`, following imported constants across modules. */
  resolveStr(file: string, expr: StrExpr): Resolved {
    return this.strings.resolve(file, expr);
  }

  /** The text of a string expression with every part it cannot see replaced by U+0000 (for reading serialised JSON). */
  renderWithHoles(file: string, expr: StrExpr): string {
    switch (expr.k) {
      case "str":
        return expr.v;
      case "cat":
        return expr.parts.map((p) => this.renderWithHoles(file, p)).join("");
      case "ref": {
        const r = this.resolveStr(file, expr);
        return r.known ? r.value : "\u0000";
      }
      case "unknown":
        return "\u0000";
    }
  }
}
