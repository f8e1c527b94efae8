// The text of `payload-census --help`: commands, flags and exit codes.

export const USAGE = `Usage: payload-census [command] [DIR] [flags]

Census and gate for the payload contract of a TypeScript MCP server.
DIR is the folder holding payload-census.config.json (default: the current folder).

Commands:
  check [DIR]              census and gate (the default command)
  roster --write [DIR]     rewrite the roster from the code, keeping each entry's note
  floors --raise [DIR]     raise floors to today's counts, never lower them
  trace FILE:LINE [DIR]    show the chain from a pass-through to its producer(s)
  dropcheck                not available yet

Flags:
  -c, --config FILE        the config file (instead of DIR/payload-census.config.json)
  -f, --format text|json   report format of check and trace (default: text)
  -o, --output FILE        write the report of check or trace to FILE (atomically) instead of stdout
  -q, --quiet              check: print only findings, nothing when clean; roster, floors: no summary
  -h, --help               show this help
  -v, --version            print the version

Exit codes:
  0  clean (trace: the pass-through passes; roster, floors: written)
  1  findings (trace: the pass-through fails)
  2  usage or configuration error; roster and floors refuse while a file does not parse

Colour only on a terminal; NO_COLOR turns it off, FORCE_COLOR forces it.
`;
