import { describe, expect, it } from "vitest";
import { keptText, mergeReports, reportFromEvents, scoreTable } from "./merge.mjs";

type Mutant = { id: string; status: string; coveredBy?: string[]; killedBy?: string[] };
const mutant = (id: string, status: string, coveredBy?: string[], killedBy?: string[]): Mutant => ({
  id,
  status,
  ...(coveredBy === undefined ? {} : { coveredBy }),
  ...(killedBy === undefined ? {} : { killedBy }),
});
const report = (
  files: Record<string, Mutant[]>,
  testFiles: Record<string, { source: string; tests: string[] }>,
  ids: string[],
) => {
  let i = 0;
  return {
    schemaVersion: "1.0",
    files: Object.fromEntries(
      Object.entries(files).map(([file, mutants]) => [file, { language: "typescript", source: `// ${file}`, mutants }]),
    ),
    testFiles: Object.fromEntries(
      Object.entries(testFiles).map(([file, { source, tests }]) => [
        file,
        { source, tests: tests.map((name) => ({ id: ids[i++]!, name })) },
      ]),
    ),
  };
};
/** Each mutant's covering and killing tests by file and name, whatever the ids. */
const named = (merged: any) => {
  const names = new Map<string, string>();
  for (const [file, entry] of Object.entries<any>(merged.testFiles)) {
    for (const test of entry.tests) names.set(test.id, `${file}: ${test.name}`);
  }
  return Object.fromEntries(
    Object.entries<any>(merged.files).map(([file, entry]) => [
      file,
      entry.mutants.map((m: Mutant) => ({
        id: m.id,
        status: m.status,
        coveredBy: m.coveredBy?.map((id) => names.get(id)),
        killedBy: m.killedBy?.map((id) => names.get(id)),
      })),
    ]),
  );
};

describe("merging kept mutation results with a later run's", () => {
  const earlier = report(
    {
      "src/a.ts": [mutant("0", "Killed", ["10", "11"], ["11"]), mutant("1", "Survived", ["10"])],
      "src/b.ts": [mutant("0", "Killed", ["12"], ["12"]), mutant("1", "NoCoverage")],
    },
    { "test/a.test.ts": { source: "A", tests: ["one", "two"] }, "test/b.test.ts": { source: "B", tests: ["three"] } },
    ["10", "11", "12"],
  );

  it("takes the later run's results for its files, keeps the others', and gives the tests the kept results' ids", () => {
    const later = report(
      { "src/b.ts": [mutant("0", "Survived", ["0"]), mutant("1", "Killed", ["1", "0"], ["1"])] },
      { "test/a.test.ts": { source: "A", tests: ["one", "two"] }, "test/b.test.ts": { source: "B", tests: ["three"] } },
      ["1", "2", "0"],
    );
    const { report: merged, dropped } = mergeReports(earlier, later);
    expect(dropped).toBe(0);
    expect(named(merged)).toEqual({
      "src/a.ts": [
        { id: "0", status: "Killed", coveredBy: ["test/a.test.ts: one", "test/a.test.ts: two"], killedBy: ["test/a.test.ts: two"] },
        { id: "1", status: "Survived", coveredBy: ["test/a.test.ts: one"], killedBy: undefined },
      ],
      "src/b.ts": [
        { id: "0", status: "Survived", coveredBy: ["test/b.test.ts: three"], killedBy: undefined },
        {
          id: "1",
          status: "Killed",
          coveredBy: ["test/a.test.ts: one", "test/b.test.ts: three"],
          killedBy: ["test/a.test.ts: one"],
        },
      ],
    });
    expect(merged.testFiles["test/a.test.ts"].tests.map((t: any) => t.id)).toEqual(["10", "11"]);
    expect(merged.testFiles["test/b.test.ts"].tests.map((t: any) => t.id)).toEqual(["12"]);
  });

  it("numbers a new test after the kept ones, so that no kept test's id moves", () => {
    const later = report(
      { "src/b.ts": [mutant("0", "Killed", ["0"], ["0"])] },
      {
        "test/0.test.ts": { source: "new", tests: ["first"] },
        "test/a.test.ts": { source: "A", tests: ["one", "two"] },
        "test/b.test.ts": { source: "B", tests: ["three", "four"] },
      },
      ["0", "1", "2", "3", "4"],
    );
    const { report: merged } = mergeReports(earlier, later);
    const ids = Object.fromEntries(Object.entries<any>(merged.testFiles).map(([file, e]) => [file, e.tests.map((t: any) => t.id)]));
    expect(ids).toEqual({ "test/0.test.ts": ["13"], "test/a.test.ts": ["10", "11"], "test/b.test.ts": ["12", "14"] });
    expect(named(merged)["src/b.ts"]).toEqual([
      { id: "0", status: "Killed", coveredBy: ["test/0.test.ts: first"], killedBy: ["test/0.test.ts: first"] },
    ]);
  });

  it("leaves out an earlier kill whose killing tests all changed since, and counts it", () => {
    const later = report(
      { "src/b.ts": [mutant("0", "Killed", ["0"], ["0"])] },
      { "test/a.test.ts": { source: "A, edited", tests: ["one", "two", "four"] }, "test/b.test.ts": { source: "B", tests: ["three"] } },
      ["5", "6", "7", "0"],
    );
    const { report: merged, dropped } = mergeReports(earlier, later);
    expect(dropped).toBe(1);
    // The survivor stays (it counts against the score) without the changed file's test, which the next run then sees
    // as a new covering test and tests it again.
    expect(named(merged)["src/a.ts"]).toEqual([{ id: "1", status: "Survived", coveredBy: [], killedBy: undefined }]);
    expect(merged.testFiles["test/a.test.ts"].source).toBe("A, edited");
    expect(merged.testFiles["test/a.test.ts"].tests.map((t: any) => t.name)).toEqual(["one", "two", "four"]);
  });

  it("keeps an earlier kill while one of its killing tests is in an unchanged file, and only the tests that still hold", () => {
    const mixed = report(
      {
        "src/c.ts": [
          mutant("0", "Killed", ["10", "12"], ["10", "12"]),
          mutant("1", "Survived", ["10", "12"]),
          mutant("2", "Timeout", ["10", "12"]),
          mutant("3", "Timeout", ["12"]),
          mutant("4", "NoCoverage"),
          mutant("5", "Killed", ["11"], ["11"]),
        ],
      },
      { "test/a.test.ts": { source: "A", tests: ["one", "gone"] }, "test/b.test.ts": { source: "B", tests: ["three"] } },
      ["10", "11", "12"],
    );
    const later = report(
      { "src/z.ts": [] },
      { "test/a.test.ts": { source: "A, edited", tests: ["one"] }, "test/b.test.ts": { source: "B", tests: ["three"] } },
      ["0", "1"],
    );
    const { report: merged, dropped } = mergeReports(mixed, later);
    // Left out: the timeout one of whose tests changed, and the kill whose only killing test is gone.
    expect(dropped).toBe(2);
    expect(named(merged)["src/c.ts"]).toEqual([
      { id: "0", status: "Killed", coveredBy: ["test/b.test.ts: three"], killedBy: ["test/b.test.ts: three"] },
      { id: "1", status: "Survived", coveredBy: ["test/b.test.ts: three"], killedBy: undefined },
      { id: "3", status: "Timeout", coveredBy: ["test/b.test.ts: three"], killedBy: undefined },
      { id: "4", status: "NoCoverage", coveredBy: undefined, killedBy: undefined },
    ]);
  });

  it("keeps an earlier result covered by tests of unchanged files when another test file changed", () => {
    const onlyB = report(
      { "src/c.ts": [mutant("0", "Killed", ["12"], ["12"])] },
      { "test/a.test.ts": { source: "A", tests: ["one", "two"] }, "test/b.test.ts": { source: "B", tests: ["three"] } },
      ["10", "11", "12"],
    );
    const later = report(
      { "src/a.ts": [mutant("0", "Killed", ["0"], ["0"])] },
      { "test/a.test.ts": { source: "A, edited", tests: ["one"] }, "test/b.test.ts": { source: "B", tests: ["three"] } },
      ["0", "1"],
    );
    const { report: merged, dropped } = mergeReports(onlyB, later);
    expect(dropped).toBe(0);
    expect(named(merged)["src/c.ts"]).toEqual([
      { id: "0", status: "Killed", coveredBy: ["test/b.test.ts: three"], killedBy: ["test/b.test.ts: three"] },
    ]);
  });

  it("tells apart two tests of one file with the same name by their order", () => {
    const twice = report(
      { "src/a.ts": [mutant("0", "Killed", ["8"], ["8"])] },
      { "test/a.test.ts": { source: "A", tests: ["same", "same"] } },
      ["7", "8"],
    );
    const later = report({ "src/z.ts": [] }, { "test/a.test.ts": { source: "A", tests: ["same", "same"] } }, ["3", "4"]);
    const { report: merged } = mergeReports(twice, later);
    expect(merged.files["src/a.ts"].mutants[0].killedBy).toEqual(["8"]);
  });

  it("refuses a later run whose mutant names a test it does not have", () => {
    const broken = report({ "src/a.ts": [mutant("0", "Killed", ["99"], ["99"])] }, {}, []);
    expect(() => mergeReports(earlier, broken)).toThrow("mutant 0 names a test its own report does not have");
  });

  describe("a partial later report (a stopped run, salvaged)", () => {
    const at = (m: Mutant, line: number, mutatorName = "ConditionalExpression") => ({
      ...m,
      mutatorName,
      replacement: "true",
      location: { start: { line, column: 1 }, end: { line, column: 9 } },
    });
    const tests = { "test/a.test.ts": { source: "A", tests: ["one", "two"] } };
    const kept = report({ "src/a.ts": [] }, tests, ["10", "11"]);
    kept.files["src/a.ts"]!.mutants = [
      at(mutant("0", "Killed", ["10"], ["10"]), 1),
      at(mutant("1", "Survived", ["11"]), 2),
      at(mutant("2", "NoCoverage"), 3),
    ] as any;
    const stopped = report({ "src/a.ts": [] }, tests, ["20", "21"]);
    stopped.files["src/a.ts"]!.mutants = [at(mutant("0", "Killed", ["21"], ["21"]), 2)] as any;
    const lines = (merged: any) =>
      merged.files["src/a.ts"].mutants.map((m: any) => `${m.location.start.line} ${m.status}`).sort();

    it("keeps the earlier results of the mutants the stopped run did not reach, and its own for the ones it did", () => {
      const { report: merged, dropped } = mergeReports(kept, stopped, { partial: true });
      expect(lines(merged)).toEqual(["1 Killed", "2 Killed", "3 NoCoverage"]);
      expect(dropped).toBe(0);
      expect(named(merged)["src/a.ts"]!.find((m: any) => m.status === "Killed" && m.id === "0" && m.killedBy?.[0]?.endsWith("one"))).toBeDefined();
    });

    it("tells a mutant reached from one of the same place by what it does", () => {
      const other = report({ "src/a.ts": [] }, tests, ["20", "21"]);
      other.files["src/a.ts"]!.mutants = [at(mutant("0", "Killed", ["21"], ["21"]), 2, "BooleanLiteral")] as any;
      expect(lines(mergeReports(kept, other, { partial: true }).report)).toEqual(["1 Killed", "2 Killed", "2 Survived", "3 NoCoverage"]);
    });

    it("keeps nothing unreached of a file whose text changed since, nor anything when the report is whole", () => {
      const edited = structuredClone(stopped);
      edited.files["src/a.ts"]!.source = "// src/a.ts, edited";
      expect(lines(mergeReports(kept, edited, { partial: true }).report)).toEqual(["2 Killed"]);
      expect(lines(mergeReports(kept, stopped).report)).toEqual(["2 Killed"]);
    });
  });

  it("is the later run itself when nothing was kept before", () => {
    const later = report({ "src/a.ts": [] }, {}, []);
    expect(mergeReports(undefined, later)).toEqual({ report: later, dropped: 0 });
  });
});

describe("the score table", () => {
  it("counts timeouts as killed, no coverage as surviving, and leaves ignored mutants out of the score", () => {
    const kept = report(
      {
        "src/b.ts": [mutant("0", "Killed"), mutant("1", "Timeout"), mutant("2", "Survived"), mutant("3", "Ignored")],
        "src/a.ts": [mutant("0", "NoCoverage"), mutant("1", "Killed")],
        "src/c.ts": [mutant("0", "Ignored")],
      },
      {},
      [],
    );
    const { table, score, files, mutants, survived, noCoverage } = scoreTable(kept);
    expect(table).toBe(
      [
        "| file | score | killed | survived | no coverage | ignored (static) |",
        "|---|---:|---:|---:|---:|---:|",
        "| `src/a.ts` | 50.00 % | 1 | 0 | 1 | 0 |",
        "| `src/b.ts` | 66.67 % | 2 | 1 | 0 | 1 |",
        "| `src/c.ts` | n/a | 0 | 0 | 0 | 1 |",
        "| **all measured** | **60.00 %** | **3** | **1** | **1** | **2** |",
      ].join("\n"),
    );
    expect({ score: score.toFixed(4), files, mutants, survived, noCoverage }).toEqual({
      score: "60.0000",
      files: 3,
      mutants: 7,
      survived: 1,
      noCoverage: 1,
    });
  });
});

describe("a report from a stopped run's events", () => {
  const root = "/srv/checkout";
  const dryRun = {
    result: {
      tests: [
        { id: "test/a.test.ts#one", name: "one", fileName: `${root}/test/a.test.ts` },
        { id: "test/b.test.ts#two", name: "two", fileName: `${root}/test/b.test.ts` },
        { id: "test/a.test.ts#three", name: "three", fileName: `${root}/test/a.test.ts` },
      ],
    },
  };
  const texts: Record<string, string> = { "test/a.test.ts": "A", "test/b.test.ts": "B", "src/x.ts": "X" };
  const read = (file: string) => {
    const text = texts[file];
    if (text === undefined) throw new Error(`read ${file}`);
    return text;
  };

  it("holds each tested mutant with the dry run's tests renumbered, and the files' texts", () => {
    const results = [
      {
        id: "4",
        fileName: `${root}/src/x.ts`,
        relativeFileName: "src/x.ts",
        mutatorName: "BooleanLiteral",
        replacement: "true",
        status: "Killed",
        killedBy: ["test/a.test.ts#three"],
        coveredBy: ["test/b.test.ts#two", "test/a.test.ts#three"],
        location: { start: { line: 1, column: 1 }, end: { line: 1, column: 5 } },
      },
      { id: "5", fileName: `${root}/src/x.ts`, mutatorName: "BlockStatement", replacement: "{}", status: "NoCoverage", coveredBy: [] },
    ];
    const kept = { thresholds: { break: 85 }, config: { mutate: ["src/**/*.ts"] }, framework: { name: "StrykerJS" } };
    const { report, unknown } = reportFromEvents(dryRun, results, kept, read, root);
    expect(unknown).toBe(0);
    expect(report).toEqual({
      files: {
        "src/x.ts": {
          language: "typescript",
          source: "X",
          mutants: [
            {
              id: "4",
              mutatorName: "BooleanLiteral",
              replacement: "true",
              status: "Killed",
              killedBy: ["2"],
              coveredBy: ["1", "2"],
              location: { start: { line: 1, column: 1 }, end: { line: 1, column: 5 } },
            },
            { id: "5", mutatorName: "BlockStatement", replacement: "{}", status: "NoCoverage", coveredBy: [] },
          ],
        },
      },
      schemaVersion: "1.0",
      thresholds: { break: 85 },
      testFiles: {
        "test/a.test.ts": { source: "A", tests: [{ id: "0", name: "one" }, { id: "2", name: "three" }] },
        "test/b.test.ts": { source: "B", tests: [{ id: "1", name: "two" }] },
      },
      projectRoot: ".",
      config: { mutate: ["src/**/*.ts"] },
      framework: { name: "StrykerJS" },
    });
    // What it holds merges like any run's results.
    expect(scoreTable(mergeReports(undefined, report).report).score).toBe(50);
  });

  it("reads a kept result's tests by file and name, and leaves out a result naming a test the run did not run", () => {
    const reused = { id: "1", fileName: `${root}/src/x.ts`, status: "Killed", killedBy: ["test/b.test.ts@0:0\ntwo"], coveredBy: ["test/a.test.ts#one"] };
    const stray = { id: "2", fileName: `${root}/src/x.ts`, status: "Killed", killedBy: ["test/c.test.ts#four"], coveredBy: [] };
    const gone = { id: "3", fileName: `${root}/src/x.ts`, status: "Killed", killedBy: ["test/b.test.ts@0:0\ngone"], coveredBy: [] };
    const { report, unknown } = reportFromEvents(dryRun, [reused, stray, gone], undefined, read, root);
    expect(unknown).toBe(2);
    expect(report.files["src/x.ts"].mutants).toEqual([{ id: "1", status: "Killed", killedBy: ["1"], coveredBy: ["0"] }]);
  });

  it("refuses a file outside the project", () => {
    const outside = { id: "1", fileName: "/elsewhere/src/x.ts", status: "Survived", coveredBy: [] };
    expect(() => reportFromEvents(dryRun, [outside], undefined, read, root)).toThrow("/elsewhere/src/x.ts is not under /srv/checkout");
  });
});

describe("the text of the kept results", () => {
  const place = (line: number, column: number) => ({ start: { line, column }, end: { line, column: column + 4 } });
  const run = {
    projectRoot: "/srv/checkout",
    config: { mutate: ["src/**/*.ts"] },
    schemaVersion: "1.0",
    thresholds: { high: 90, low: 85, break: 85 },
    files: {
      "src/b.ts": {
        source: "B",
        language: "typescript",
        mutants: [
          { id: "7", status: "Survived", coveredBy: ["10", "9"], location: place(2, 1), mutatorName: "BooleanLiteral", replacement: "false" },
          { id: "3", status: "Killed", statusReason: "at /srv/checkout/test/b.test.ts:3", coveredBy: ["9", "10"], killedBy: ["10"], location: place(1, 5), mutatorName: "StringLiteral", replacement: '""' },
          { id: "5", status: "Ignored", coveredBy: ["9"], location: place(1, 5), mutatorName: "EqualityOperator", replacement: "!==" },
        ],
      },
      "src/a.ts": { language: "typescript", source: "A", mutants: [{ id: "0", status: "NoCoverage", coveredBy: [], location: place(1, 1), mutatorName: "BlockStatement", replacement: "{}" }] },
    },
    testFiles: { "test/b.test.ts": { tests: [{ name: "two", id: "10" }, { id: "9", name: "one" }], source: "T" } },
  };

  it("is one mutant or test a line, files and mutants in order, without reasons, paths or a kill's covering tests", () => {
    expect(keptText(run).split("\n")).toEqual([
      "{",
      '"schemaVersion":"1.0",',
      '"thresholds":{"break":85,"high":90,"low":85},',
      '"files":{',
      '"src/a.ts":{"language":"typescript","source":"A","mutants":[',
      '{"id":"0","location":{"end":{"column":5,"line":1},"start":{"column":1,"line":1}},"mutatorName":"BlockStatement","replacement":"{}","status":"NoCoverage"}',
      "]},",
      '"src/b.ts":{"language":"typescript","source":"B","mutants":[',
      '{"id":"0","location":{"end":{"column":9,"line":1},"start":{"column":5,"line":1}},"mutatorName":"EqualityOperator","replacement":"!==","status":"Ignored"},',
      '{"id":"1","killedBy":["10"],"location":{"end":{"column":9,"line":1},"start":{"column":5,"line":1}},"mutatorName":"StringLiteral","replacement":"\\"\\"","status":"Killed"},',
      '{"coveredBy":["9","10"],"id":"2","location":{"end":{"column":5,"line":2},"start":{"column":1,"line":2}},"mutatorName":"BooleanLiteral","replacement":"false","status":"Survived"}',
      "]}",
      '},"testFiles":{',
      '"test/b.test.ts":{"source":"T","tests":[',
      '{"id":"10","name":"two"},',
      '{"id":"9","name":"one"}',
      "]}",
      "}}",
      "",
    ]);
  });

  it("reads back as the report it was made from, less what it leaves out", () => {
    const back = JSON.parse(keptText(run));
    expect(back.projectRoot).toBeUndefined();
    expect(back.config).toBeUndefined();
    expect(scoreTable(back)).toEqual(scoreTable(run));
    expect(back.testFiles).toEqual(run.testFiles);
    expect(keptText(back)).toBe(keptText(run));
  });

  it("is the same text whatever order a run wrote the mutants and keys in", () => {
    const shuffled = structuredClone(run);
    shuffled.files["src/b.ts"].mutants.reverse();
    const reordered = { testFiles: shuffled.testFiles, files: { "src/b.ts": shuffled.files["src/b.ts"], "src/a.ts": shuffled.files["src/a.ts"] }, thresholds: { low: 85, break: 85, high: 90 }, schemaVersion: "1.0" };
    expect(keptText(reordered)).toBe(keptText(run));
  });

  it("holds a test file without a text, and a file without mutants", () => {
    const bare = { files: { "src/c.ts": { language: "typescript", source: "C", mutants: [] } }, testFiles: { "": { tests: [{ id: "0", name: "x" }] } } };
    expect(JSON.parse(keptText(bare))).toEqual(bare);
  });

  it("leaves out the file names and empty lists a run gives the mutants it took from the kept results", () => {
    const echoed = structuredClone(run);
    echoed.files["src/a.ts"].mutants[0] = { ...echoed.files["src/a.ts"].mutants[0], killedBy: [], fileName: "/srv/checkout/src/a.ts", relativeFileName: "src/a.ts" } as any;
    expect(keptText(echoed)).toBe(keptText(run));
  });

  it("leaves out a test's place where it is the file's start, which a run gives the tests it ran and no others", () => {
    const ran = structuredClone(run);
    ran.testFiles["test/b.test.ts"].tests[0] = { ...ran.testFiles["test/b.test.ts"].tests[0], location: { start: { line: 1, column: 1 } } } as any;
    expect(keptText(ran)).toBe(keptText(run));
    const placedTest = { line: 4, column: 3 };
    ran.testFiles["test/b.test.ts"].tests[0] = { id: "10", name: "two", location: { start: placedTest } } as any;
    expect(JSON.parse(keptText(ran)).testFiles["test/b.test.ts"].tests[0]).toEqual({ id: "10", name: "two", location: { start: placedTest } });
  });
});
