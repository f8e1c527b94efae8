// The text of `payload-census --help`: commands, flags and exit codes.

export const USAGE = `Usage: payload-census [command] [DIR] [flags]

Census and gate for the payload contract of a TypeScript MCP server.
DIR is the folder holding payload-census.config.json (default: the current folder).

Commands:
  check [DIR]              census and gate (the default command)
  roster --write [DIR]     rewrite the roster from the code, keeping each entry's note
  floors --raise [DIR]     raise floors to today's counts, never lower them
  trace FILE:LINE [DIR]    show the chain from a pass-through to its producer(s)
  witness [DIR]            prove on this monitor's own code that every check fires (mutations in memory, nothing written)
  routes TOOL [DIR]        the status words TOOL can return, the line each comes from, and which its
                           description names (exit 1 when it names one the tool can never return)
  check --shard I/N [DIR]  census the I-th of N slices of the files and write a partial report (JSON) for merge
  merge PARTIAL...         the report of one run from the partial reports of every shard, byte for byte
                           (takes --format, --output, --quiet; reads the files again to check and quote them)
  dropcheck --base REV [--head REV] [DIR] [TOOL...]
                           every sentence of each tool's description (head and guide tail) at
                           REV must still be served at --head (default: the working tree);
                           reads revisions with git, never touches the working tree or index;
                           DIR, when given, comes first and holds a / (e.g. ./monitor)
  descriptions --base REV [--head REV] [DIR]
                           each tool's served size and tokens at REV and at --head (default:
                           the working tree), the change, tools added and removed, largest
                           movers first, and each catalog's change in percent; --format
                           markdown gives a table for a pull request; reads revisions with git
  descriptions --serve MODULE [--sku NAME] [--timeout MS] [DIR]
                           RUNS MODULE's code: imports it (.js/.mjs/.cjs), calls its
                           createServer (or default export; it may return { server, cleanup }),
                           lists its tools over an in-memory MCP client, again on each
                           tools/list_changed until quiet, and flags every description that
                           differs from the census
  descriptions --stdio "CMD ARGS" [--sku NAME] [--timeout MS] [DIR]
                           the same, the server started as a child process speaking MCP on
                           stdio (CMD ARGS split with '...' and "..." quoting, no shell)

Flags:
  -c, --config FILE        the config file (instead of DIR/payload-census.config.json)
  -f, --format text|json|sarif|github|markdown
                           output format (default: text); for check only: sarif (code scanning),
                           github (workflow commands that annotate a pull request), markdown (a job summary;
                           for descriptions --base, the table of changes)
  -o, --output FILE        write the output to FILE (atomically) instead of stdout
  -q, --quiet              check: print only findings, nothing when clean; dropcheck, descriptions:
                           only the tools that lose or differ; roster, floors: no summary
      --base REV           dropcheck: the revision whose sentences must survive; descriptions:
                           the revision to measure the change from
      --head REV           dropcheck, descriptions --base: the revision to check (default: the
                           working tree)
      --serve MODULE       descriptions: the module exporting the server factory
      --stdio "CMD ARGS"   descriptions: the command that starts the server on stdio
      --timeout MS         descriptions: the longest wait for the server's factory and for each
                           of its answers (default: 10000)
      --sku NAME           descriptions: the SKU MODULE serves (default: the only one)
      --descriptions       check: list every tool's description in the text report (default: the 10
                           largest and any over its cap)
  -j, --jobs N             threads that read files (default: every core; small runs stay in one)
      --cache, --no-cache  keep per-file facts in a content cache (default: on for check, roster,
                           floors and trace); an entry is used only for the exact text, config and build
      --cache-location DIR where the cache is (default: node_modules/.cache/payload-census beside the
                           nearest package.json); the ESLint plugin reads and writes the default one
      --shard I/N          check: only the I-th of N slices; merge the partial reports with merge
  -h, --help               show this help
  -v, --version            print the version

Exit codes:
  0  clean (trace: the pass-through passes; roster, floors: written; check --shard: the partial
     report written; dropcheck: no sentence
     lost; descriptions: every served description is the census's)
  1  findings (trace: the pass-through fails; dropcheck: a sentence is missing or a
     description cannot be seen; descriptions: a tool differs)
  2  usage or configuration error; roster and floors refuse while a file does not parse

Colour only on a terminal; NO_COLOR turns it off, FORCE_COLOR forces it.
`;
