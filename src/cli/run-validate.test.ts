// `blockwright run` and `blockwright validate` as a user runs them on the repository's example workflows, in-process
// on the suite's shared Prism mocks: progress, the summary, --json, and the refusals that come before any block runs.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const fixtures = join(ROOT, "src/cli/__fixtures__");
const tmp = mkdtempSync(join(runScratch(), "blockwright-run-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("blockwright run", () => {
  it("runs an example on mocks: progress on stderr, the summary on stdout, --json, mocks released", async () => {
    const json = join(tmp, "result.json");
    const r = await cli(["run", "examples/reading-list.yaml", "--json", json, "--concurrency", "2"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("Reading list: 4 blocks, mock run");
    expect(r.stderr).toMatch(/placeholders \(mock run\) for unset variables: GAMMA_API_KEY, GOOGLE_BOOKS_API_KEY/);
    expect(r.stderr).toMatch(/search: started \(books_search_volumes\)/);
    expect(r.stdout).toMatch(/Reading list: succeeded in \d+ ms \(4 succeeded, 0 failed, 0 skipped\)/);
    expect(r.stdout).toMatch(/top_pick\s+books_get_volume\s+succeeded\s+\d+ ms\s+id: zyTCAlFPjgYC/);
    const result = JSON.parse(readFileSync(json, "utf8"));
    expect(result.status).toBe("succeeded");
    expect(result.blocks.map((b: { id: string }) => b.id).sort()).toEqual(["document", "ready", "search", "top_pick"]);
    expect(r.mocks).toEqual([{ asked: ["books", "docgen"], closed: true }]);
  });

  it("exits 1 when a block fails, skips its downstream, finishes the rest and releases the mocks", async () => {
    const r = await cli(["run", join(fixtures, "one-fails.yaml")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/search: failed in \d+ ms: /);
    expect(r.stderr).toContain("volume: skipped: search did not succeed");
    expect(r.stderr).toMatch(/themes: succeeded/);
    expect(r.stdout).toMatch(/One branch fails: failed in \d+ ms \(1 succeeded, 1 failed, 1 skipped\)/);
    expect(r.mocks.every((m) => m.closed)).toBe(true);
  });

  it("refuses a live run with a secret missing, naming it and nothing else", async () => {
    const r = await cli(["run", "examples/reading-list.yaml", "--live"], {
      env: { GAMMA_API_KEY: "sk-gamma-cli-secret-1" },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "examples/reading-list.yaml:12:15: search.apiKey: environment variable GOOGLE_BOOKS_API_KEY is not set " +
        "(a secret)",
    );
    expect(r.stderr + r.stdout).not.toContain("sk-gamma-cli-secret-1");
    expect(r.mocks).toEqual([]);
  });

  it("sends nothing and reports every block cancelled when interrupted while the mocks start", async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url ?? "");
      res.end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    let interrupt!: () => void;
    const interrupted = new Promise<void>((resolve) => (interrupt = resolve));
    let closed = false;
    try {
      const r = await cli(["run", "examples/reading-list.yaml"], {
        interrupted,
        startMocks: async (providers) => {
          interrupt(); // Ctrl-C arrives while the mocks start
          await new Promise((resolve) => setTimeout(resolve, 20));
          return { urls: Object.fromEntries(providers.map((p) => [p, url])), close: async () => void (closed = true) };
        },
      });
      expect(r.code).toBe(130);
      expect(r.stdout).toMatch(/Reading list: cancelled in \d+ ms \(0 succeeded, 0 failed, 0 skipped, 4 cancelled\)/);
      expect(seen).toEqual([]);
      expect(closed).toBe(true);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  const aliasBomb =
    'a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: ' +
    "&c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\nblocks: " +
    "[*d,*d,*d,*d,*d,*d,*d,*d,*d]\n";
  for (const [label, argv, message] of [
    [
      "--mock with --live",
      () => ["run", "examples/reading-list.yaml", "--mock", "--live"],
      "choose one of --mock and --live",
    ],
    ["a missing workflow", () => ["run", "nope.yaml"], "nope.yaml: no such file"],
    ["a folder given as the workflow", () => ["run", "examples"], "examples: is a folder, not a file"],
    [
      "a YAML alias bomb",
      () => {
        writeFileSync(join(tmp, "bomb.yaml"), aliasBomb);
        return ["run", join(tmp, "bomb.yaml")];
      },
      "refused: the YAML expands aliases more than 100 times",
    ],
    [
      "a --json path in a folder that does not exist",
      () => ["run", "examples/reading-list.yaml", "--json", "no/such/folder/out.json"],
      "--json no/such/folder/out.json: the folder no/such/folder does not exist",
    ],
    [
      "a missing --env-file",
      () => ["run", "examples/reading-list.yaml", "--env-file", "missing.env"],
      "--env-file: cannot read missing.env (no such file)",
    ],
    [
      "--concurrency 0",
      () => ["run", "examples/reading-list.yaml", "--concurrency", "0"],
      "--concurrency takes a positive whole number",
    ],
  ] as const) {
    it(`exits 2 before any block runs on ${label}, in one line`, async () => {
      const r = await cli([...argv()]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stderr.trim().split("\n")).toHaveLength(2); // the problem, then the usage line
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.mocks).toEqual([]);
    });
  }
});

describe("blockwright validate", () => {
  it("accepts every example (as a mock run would)", async () => {
    for (const name of ["lead-to-deck", "onboard-new-hire", "reading-list"]) {
      const r = await cli(["validate", `examples/${name}.yaml`, "--mock"]);
      expect(r.code, name).toBe(0);
      expect(r.stdout).toMatch(/: valid \(\d+ blocks; placeholders in a mock run for /);
    }
  });

  it("reads secrets from --env-file and reports problems with their position", async () => {
    const r = await cli(["validate", join(fixtures, "one-fails.yaml"), "--env-file", join(fixtures, "one-fails.env")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /one-fails\.yaml:28:15: themes\.apiKey: environment variable GAMMA_API_KEY is not set \(a secret\)/,
    );
    expect(r.stderr).not.toMatch(/GOOGLE_BOOKS_API_KEY is not set/);
  });

  it("reads the workflow from standard input when it is named -", async () => {
    const text = readFileSync(join(ROOT, "examples/reading-list.yaml"), "utf8");
    expect(await cli(["validate", "-", "--mock"], { stdin: text })).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^-: valid \(4 blocks/),
    });
    const broken = await cli(["validate", "-", "--mock"], {
      stdin: text.replace("operation: books_get_volume", "operation: books_get_volumes"),
    });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^<stdin>:\d+:\d+: .*books_get_volumes/m);
    expect(await cli(["validate", "-"], { stdin: Buffer.from([0x62, 0x3a, 0x20, 0xe9, 0x0a]) })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("<workflow> -: standard input is not UTF-8 text"),
    });
  });

  it("--json: the result on stdout, each problem with its file, line, column and code, as --help says", async () => {
    const valid = await cli(["validate", "examples/reading-list.yaml", "--mock", "--json"]);
    expect(valid.code).toBe(0);
    expect(JSON.parse(valid.stdout)).toMatchObject({
      file: "examples/reading-list.yaml",
      valid: true,
      blocks: 4,
      placeholders: expect.arrayContaining(["GOOGLE_BOOKS_API_KEY"]),
      problems: [],
    });
    const invalid = await cli([
      "validate",
      join(fixtures, "one-fails.yaml"),
      "--env-file",
      join(fixtures, "one-fails.env"),
      "--json",
    ]);
    expect(invalid).toMatchObject({ code: 1, stderr: "" });
    const problems = (JSON.parse(invalid.stdout) as { problems: object[] }).problems;
    expect(problems).toEqual([
      {
        file: expect.stringMatching(/one-fails\.yaml$/),
        line: 28,
        col: 15,
        code: "BW4004",
        message: "themes.apiKey: environment variable GAMMA_API_KEY is not set (a secret)",
      },
    ]);
    const { PROBLEM_JSON_FIELDS, PROBLEM_JSON_HELP } = await import("./support/problem-json.js");
    expect(Object.keys(problems[0] ?? {})).toEqual([...PROBLEM_JSON_FIELDS]);
    expect((await cli(["validate", "--help"])).stdout.replace(/\s+/g, " ")).toContain(
      `problems: [${PROBLEM_JSON_HELP}]`,
    );
  });

  it("refuses a mock answer the spec does not declare", async () => {
    const file = join(tmp, "undeclared.yaml");
    writeFileSync(
      file,
      "blocks:\n  s:\n    type: books\n    name: S\n    inputs: { operation: books_search_volumes, apiKey: " +
        '"{{K}}", q: dune }\n    mock: { code: 418 }\n',
    );
    const r = await cli(["validate", file, "--mock"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "undeclared.yaml:6:19: s: the mock of books_search_volumes cannot answer 418 (declared statuses: 200, " +
        "400, 403, 429)",
    );
  });
});
