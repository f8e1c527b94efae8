// Status routes (SPEC §2.6): the status words each tool's body can return, and where each comes from, read from the
// facts of the body and of the monitor's functions it calls.
import type { Loc, Site } from "../facts/types.js";
import { builderIdentity, wordsOf } from "./checks/builds.js";
import type { SkuContext } from "./context.js";
import { ENVELOPE_MODULE } from "./modules.js";
import type { Tool } from "./tools.js";

/** The route of a bare sentence: plain text, no envelope. */
export const TEXT_ROUTE = "text";

/** How deep calls into the monitor's own functions are followed. */
const MAX_CALL_DEPTH = 16;

/** One place a route comes from. */
export interface RouteSite {
  word: string;
  /** Absolute path. */
  file: string;
  loc: Loc;
  /** What yields the word there, in words: `status("no_data", …)`, `formatError(…)`, a pass-through, a bare sentence. */
  what: string;
  /** The calls followed to reach it from the tool's body, outermost first (`fail(…) at src/tools/a.ts:12`). */
  via: string[];
}

export interface ToolRoutes {
  /** Every word the body can return, in the contract's order (refusal, failure, the other words), then any other, then text. */
  routes: string[];
  sites: RouteSite[];
  /** What the census could not see, when the routes may be incomplete: a status-route check then says nothing. */
  unseen: string | null;
}

interface FunctionRoutes {
  sites: RouteSite[];
  unseen: string[];
}

/** Reads the routes of one SKU's tools; made per SKU, it reads each function's routes once. */
export class RouteReader {
  private readonly isBuilder: ReturnType<typeof builderIdentity>;
  private readonly memo = new Map<string, FunctionRoutes>();
  private readonly producers: { failure: { file: string; local: string }; refusal: { file: string; local: string } };

  constructor(private readonly ctx: SkuContext) {
    this.isBuilder = builderIdentity(ctx);
    const target = (name: string) => {
      const exported = ctx.graph.followExport(ctx.sku.helpers, name);
      return exported.ok ? { file: exported.file, local: exported.local } : { file: ctx.sku.helpers, local: name };
    };
    this.producers = { failure: target(ctx.config.contract.failure), refusal: target(ctx.config.contract.refusal) };
  }

  routesOf(tool: Tool): ToolRoutes {
    if (!tool.body) return { routes: [], sites: [], unseen: `the census cannot see its body${tool.bodyUnknown ? ` (${tool.bodyUnknown.why})` : ""}` };
    const found = this.functionRoutes(tool.body.file, tool.body.key, 0, new Set());
    const sites = [...found.sites];
    // A bare sentence returned by the body itself: plain text.
    for (const s of this.ctx.facts(tool.body.file)?.functions[tool.body.key]?.bareSentences ?? []) {
      sites.push({ word: TEXT_ROUTE, file: tool.body.file, loc: s.loc, what: `the bare sentence ${JSON.stringify(s.sentence)}`, via: [] });
    }
    sites.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.loc.line - b.loc.line || a.loc.column - b.loc.column));
    return { routes: this.order(sites.map((s) => s.word)), sites, unseen: found.unseen[0] ?? null };
  }

  /** The contract's words first, in its order; then any other word seen; the plain-text route last. */
  private order(words: readonly string[]): string[] {
    const { failure, refusal, other } = this.ctx.config.contract.words;
    const known = [refusal, failure, ...other];
    const unique = [...new Set(words)];
    const rank = (w: string): number => (w === TEXT_ROUTE ? known.length + 1 : known.includes(w) ? known.indexOf(w) : known.length);
    // The words are unique: of two, the one not before the other is after it.
    return unique.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
  }

  /** The routes of the function keyed `key` in `file` and of the monitor's functions it calls by name. */
  private functionRoutes(file: string, key: string, depth: number, calling: ReadonlySet<string>): FunctionRoutes {
    const id = `${file}#${key}`;
    const known = this.memo.get(id);
    if (known) return known;
    const out: FunctionRoutes = { sites: [], unseen: [] };
    const facts = this.ctx.facts(file);
    if (!facts) {
      out.unseen.push(`${this.ctx.rel(file)} does not parse`);
      return out;
    }
    const inside = (site: Site | undefined): boolean => !!site && site.within.includes(key);
    const { contract } = this.ctx.config;
    const allow = new Set(contract.allow.map((a) => a.callee));

    for (const build of facts.builds) {
      if (!inside(build.site)) continue;
      if ((build.k === "call" || build.k === "reference") && !allow.has(build.callee!.name) && !this.isBuilder(file, build)) continue;
      if (build.k === "reference") {
        out.unseen.push(`it hands the builder ${contract.builder} on as a value at line ${build.loc.line} of ${this.ctx.rel(file)}`);
        continue;
      }
      const words = wordsOf(this.ctx, file, build);
      if (!Array.isArray(words)) {
        out.unseen.push(`the status word at line ${build.loc.line} of ${this.ctx.rel(file)} cannot be seen (${words.unknown})`);
        continue;
      }
      for (const word of words) {
        const what = build.k === "call" ? `${build.callee!.name}(${JSON.stringify(word)}, …)` : build.k === "object" ? `${build.form === "assignment" ? "an assignment of" : build.form === "entries" ? "an Object.fromEntries pair with" : "an object literal with"} status ${JSON.stringify(word)}` : `a serialised envelope with status ${JSON.stringify(word)}`;
        out.sites.push({ word, file, loc: build.loc, what, via: [] });
      }
    }

    for (const pt of facts.passThroughs) {
      if (!inside(pt.site)) continue;
      out.sites.push({ word: contract.words.refusal, file, loc: pt.loc, what: `the pass-through \`if (${pt.guard}) return ${pt.path};\``, via: [] });
    }

    for (const call of facts.calls) {
      if (!inside(call.site)) continue;
      const followed = this.ctx.graph.followCallee(file, call.callee);
      // A package's function (a driver, JSON.stringify) answers data, not an envelope of the contract's.
      if (!followed.ok) continue;
      const is = (p: { file: string; local: string }) => followed.file === p.file && followed.local === p.local;
      const name = call.callee.k === "unknown" ? "?" : call.callee.k === "import" ? call.callee.local : call.callee.name;
      if (is(this.producers.failure)) {
        out.sites.push({ word: contract.words.failure, file, loc: call.loc, what: `${name}(…)`, via: [] });
        continue;
      }
      if (is(this.producers.refusal)) {
        out.sites.push({ word: contract.words.refusal, file, loc: call.loc, what: `${name}(…)`, via: [] });
        continue;
      }
      // The builder's calls are builds (above); a shared producer's refusal reaches a return through a pass-through.
      // An allow-listed producer's call is a build of its own (above), its word read where it is called.
      if (this.ctx.isContractFunction(followed.local) || this.ctx.producerOf(followed) || allow.has(followed.local) || allow.has(name)) continue;
      // The runtime module's other functions read an envelope (errorMessageOf, isErrorEnvelope): they answer none.
      if (followed.file === ENVELOPE_MODULE) continue;
      const target = this.ctx.facts(followed.file);
      if (!target) {
        out.unseen.push(`it calls ${name}(…) of ${this.ctx.rel(followed.file)}, which does not parse`);
        continue;
      }
      if (!target.functions[followed.local]) continue;
      const calleeId = `${followed.file}#${followed.local}`;
      if (calling.has(calleeId) || calleeId === id) continue;
      if (depth >= MAX_CALL_DEPTH) {
        out.unseen.push(`its calls nest deeper than ${MAX_CALL_DEPTH} functions`);
        continue;
      }
      const inner = this.functionRoutes(followed.file, followed.local, depth + 1, new Set([...calling, id]));
      const hop = `${name}(…) at ${this.ctx.rel(file)}:${call.loc.line}`;
      for (const s of inner.sites) out.sites.push({ ...s, via: [hop, ...s.via] });
      out.unseen.push(...inner.unseen);
    }
    this.memo.set(id, out);
    return out;
  }
}
