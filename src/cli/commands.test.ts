// Every command as a user runs it, in-process on the suite's shared Prism
// mocks: exit codes, what goes to stdout and stderr, the JSON result, and the
// refusals (bad flags, unreadable files, secrets) that come before any request.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { sharedMockUrls } from "../../test-support/shared-mocks.js";
import { ROOT, SPECS_DIR, tools } from "../../test-support/repo.js";
import { providerDirs } from "../load/provider-dirs.js";
import { resolveParamReferences } from "./support/references.js";

const fixtures = join(ROOT, "src/cli/__fixtures__");
const tmp = mkdtempSync(join(tmpdir(), "blockwright-cli-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const KEY = "AIzaSyCliTestKey0042";

describe("blockwright (no command)", () => {
  it("prints the usage with --help and the version with --version", async () => {
    const help = await cli(["--help"]);
    expect(help).toMatchObject({ code: 0, stderr: "" });
    await expect(help.stdout).toMatchFileSnapshot("__snapshots__/help/blockwright.txt");
    const version = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version;
    expect(await cli(["--version"])).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it("exits 2 without a command or with an unknown one", async () => {
    const { USAGE } = await import("../cli.js");
    expect(await cli([])).toMatchObject({ code: 2, stdout: "", stderr: `${USAGE}\n` });
    expect(await cli(["frobnicate"])).toMatchObject({
      code: 2,
      stdout: "",
      stderr: `blockwright: unknown command "frobnicate"\n\n${USAGE}\n`,
    });
  });

  it("says which command, option or provider a typo was meant to be", async () => {
    expect(await cli(["tets"])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^blockwright: unknown command "tets" \(did you mean "test"\?\)\n/),
    });
    expect(await cli(["--verison"])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^blockwright: unknown command "--verison" \(did you mean "--version"\?\)\n/),
    });
    expect(await cli(["test", "--reporters", "junit"])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /^blockwright test: unknown option --reporters \(did you mean --reporter\?\) \[BW3001\]\n/,
      ),
    });
    expect(await cli(["generate", "--chek"])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /^blockwright generate: unknown option --chek \(did you mean --check\?\) \[BW3001\]\n/,
      ),
    });
    const [first] = providerDirs(SPECS_DIR);
    const typo = `${first}x`;
    expect(await cli(["test", typo, "--list"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(`unknown provider "${typo}" (did you mean "${first}"?) (providers: `),
    });
  });

  it("lists every exit status in the help of each command, the internal error (70) included", async () => {
    const { COMMAND_NAMES, USAGE } = await import("../cli.js");
    expect(USAGE).toMatch(
      /Exit status: .*0 success.*\n(.*\n)*.*2 usage error.*70 internal error[^\n]*\n[^\n]*report it/,
    );
    for (const command of COMMAND_NAMES) {
      const own = ((await import(`./${command}.js`)) as { USAGE: string }).USAGE;
      const statuses = own.slice(own.indexOf("Exit status:")).replace(/\s+/g, " ");
      expect(own, command).toContain("Exit status:");
      expect(statuses, command).toMatch(/\b0 .*\b2 [^,]*usage error.*\b70 internal error \(a bug: please report it\)/);
    }
  });

  it("has --help on every command", async () => {
    const { COMMAND_NAMES, USAGE } = await import("../cli.js");
    expect(COMMAND_NAMES).toEqual([
      "init",
      "add",
      "generate",
      "diff",
      "upstream",
      "mock",
      "call",
      "validate",
      "run",
      "serve",
      "runs",
      "emit",
      "graph",
      "tools",
      "mcp",
      "test",
      "report",
      "verify",
      "publish",
    ]);
    for (const command of COMMAND_NAMES) {
      const r = await cli([command, "--help"]);
      expect(r.code, command).toBe(0);
      // The command's own help, whole (reviewed as a file), and nothing run: it opens with its usage line, which the
      // overview lists.
      const own = (await import(`./${command}.js`)) as { USAGE: string };
      expect(r).toMatchObject({ stdout: `${own.USAGE}\n`, stderr: "" });
      await expect(r.stdout).toMatchFileSnapshot(`__snapshots__/help/${command}.txt`);
      expect(own.USAGE.split("\n")[0]).toMatch(new RegExp(`^Usage: blockwright ${command}( |$)`));
      expect(USAGE).toMatch(new RegExp(`\\n  ${command}\\b`));
    }
  });

  it(
    "treats generate and diff as batch commands (a less eager optimising compiler), " +
      "no serving or calling command, nothing unknown",
    async () => {
      const { COMMAND_NAMES, batchCommand, v8FlagsFor } = await import("../cli.js");
      const { lessEagerOptimiser } = await import("../common/v8-flags.js");
      expect(COMMAND_NAMES.filter(batchCommand)).toEqual(["generate", "diff"]);
      for (const name of [undefined, "--help", "toString", "constructor"])
        expect(batchCommand(name), String(name)).toBe(false);
      expect(v8FlagsFor("generate")).toEqual(lessEagerOptimiser(8));
      expect(v8FlagsFor("call")).toEqual([]);
    },
  );

  it("reads standard flag syntax: --opt=value, and -- ends the options", async () => {
    const r = await cli(
      [
        "call",
        "books_get_volume",
        "--param=apiKey={{BOOKS_KEY}}",
        "--base-url=" + (await sharedMockUrls()).books,
        "--",
        "extra",
      ],
      { env: { BOOKS_KEY: KEY } },
    );
    expect(r).toMatchObject({ code: 2, stderr: expect.stringContaining('unexpected argument "extra"') });
    const ok = await cli(
      [
        "call",
        "books_get_volume",
        "--param=apiKey={{BOOKS_KEY}}",
        "--param=volumeId=zyTCAlFPjgYC",
        `--base-url=${(await sharedMockUrls()).books}`,
      ],
      { env: { BOOKS_KEY: KEY } },
    );
    expect(ok.code).toBe(0);
  });

  it("refuses unknown options and missing values in one line, exit 2", async () => {
    expect(await cli(["run", "x.yaml", "--bogus"])).toMatchObject({
      code: 2,
      stderr:
        "blockwright run: unknown option --bogus [BW3001]\nUsage: blockwright run <workflow> [--mock | " +
        "--live] [--allow-host <host>]... [--token-url <provider>=<url>]... [--env-file <file>] [--json " +
        "<out.json>] [--concurrency <n>] [--seed <n>] [--state <file>] [--specs <dir>] [--out <dir>]\n",
    });
    expect(await cli(["call", "x", "--timeout"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--timeout needs a value"),
    });
    expect(await cli(["call", "x", "--timeout", "soon"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--timeout takes a positive whole number"),
    });
  });
});

describe("blockwright call", () => {
  const books = async () => (await sharedMockUrls()).books!;

  it("reads --params - from standard input", async () => {
    const r = await cli(
      ["call", "books_get_volume", "--params", "-", "--param", "apiKey={{BOOKS_KEY}}", "--base-url", await books()],
      { env: { BOOKS_KEY: KEY }, stdin: '{"volumeId": "zyTCAlFPjgYC"}\n' },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ success: true, output: { metadata: { id: "zyTCAlFPjgYC" } } });
    expect(await cli(["call", "books_get_volume", "--params", "-"], { stdin: "[1]" })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--params must be a JSON object"),
    });
  });

  it("prints the result on stdout and exits 0 on success", async () => {
    const r = await cli(
      [
        "call",
        "books_get_volume",
        "--param",
        "apiKey={{BOOKS_KEY}}",
        "--param",
        "volumeId=zyTCAlFPjgYC",
        "--base-url",
        await books(),
      ],
      { env: { BOOKS_KEY: KEY } },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ success: true, output: { metadata: { id: "zyTCAlFPjgYC" } } });
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });

  it("exits 1 with the structured error when the tool fails", async () => {
    const r = await cli(
      [
        "call",
        "books_search_volumes",
        "--params",
        '{"q":"dune","maxResults":"41"}',
        "--param",
        "apiKey={{BOOKS_KEY}}",
        "--base-url",
        await books(),
      ],
      { env: { BOOKS_KEY: KEY } },
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({
      success: false,
      error: {
        type: "validation",
        provider: "books",
        operation: "books_search_volumes",
        param: "maxResults",
        rule: "maximum",
        message: "maxResults: must be at most 40 (allowed: 1–40), got 41",
      },
    });
  });

  it("exits 2 on a literal secret, without printing it", async () => {
    const r = await cli(["call", "books_search_volumes", "--param", `apiKey=${KEY}`, "--param", "q=dune"]);
    expect(r).toMatchObject({ code: 2, stdout: "" });
    expect(r.stderr).toContain("apiKey is a secret");
    expect(r.stderr).not.toContain(KEY);
  });

  it("refuses a __proto__ key in --params: the literal secret inside is never sent", async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url ?? "");
      res.end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const r = await cli([
        "call",
        "books_search_volumes",
        "--params",
        '{"__proto__":{"apiKey":"literal-secret-0042"},"q":"dune"}',
        "--base-url",
        url,
      ]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("__proto__: not a parameter of books_search_volumes");
      expect(r.stdout + r.stderr).not.toContain("literal-secret-0042");
      expect(seen).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("withholds a secret's value used in another parameter", async () => {
    const r = await cli(
      [
        "call",
        "books_search_volumes",
        "--param",
        "apiKey={{BOOKS_KEY}}",
        "--param",
        "q=dune",
        "--param",
        "maxResults={{BOOKS_KEY}}",
        "--base-url",
        await books(),
      ],
      { env: { BOOKS_KEY: KEY } },
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.message).toBe('maxResults: must be a number, got "[redacted]"');
    expect(r.stdout).not.toContain(KEY);
  });

  describe("--all-pages", () => {
    const crm = [
      "call",
      "crm_query",
      "--param",
      "apiKey={{CRM_TOKEN}}",
      "--param",
      "query=SELECT Id, Name FROM Account",
    ];
    const env = { CRM_TOKEN: "00D5g000004ABCD!cli-token" };

    it("follows the pages of a list operation and prints one result with its pages", async () => {
      const r = await cli([...crm, "--param", `instanceUrl=${(await sharedMockUrls()).crm}`, "--all-pages"], { env });
      expect(r.code).toBe(0);
      const result = JSON.parse(r.stdout);
      expect(result).toMatchObject({
        success: true,
        output: { metadata: { totalSize: 3222, done: true } },
        pages: { count: 2, items: 5, complete: true },
      });
      expect(result.output.data).toHaveLength(5);
    });

    it("stops at --max-items", async () => {
      const r = await cli(
        [...crm, "--param", `instanceUrl=${(await sharedMockUrls()).crm}`, "--all-pages", "--max-items", "2"],
        { env },
      );
      expect(r.code).toBe(0);
      const result = JSON.parse(r.stdout);
      expect(result).toMatchObject({
        success: true,
        output: { metadata: { done: false } },
        pages: { count: 1, items: 2, complete: false },
      });
      expect(result.output.data).toHaveLength(2);
    });

    it("exits 2 for an operation that does not page, and for caps without --all-pages or not whole", async () => {
      expect(await cli(["call", "books_get_volume", "--all-pages"])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining(
          "--all-pages: books_get_volume returns one page only (operations that page: books_search_volumes)",
        ),
      });
      expect(await cli([...crm, "--max-items", "3"])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("--max-items and --max-pages go with --all-pages"),
      });
      expect(await cli([...crm, "--all-pages", "--max-pages", "0"])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--max-pages takes a positive whole number, got "0"'),
      });
    });
  });

  it("exits 2 on an unknown operation, listing the operations", async () => {
    const r = await cli(["call", "books_delete_volume"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `unknown operation "books_delete_volume" (operations: ${Object.keys(tools).join(", ")})`,
    );
  });

  it("refuses a base address with credentials, without echoing them", async () => {
    const r = await cli(
      [
        "call",
        "books_search_volumes",
        "--param",
        "apiKey={{BOOKS_KEY}}",
        "--param",
        "q=x",
        "--base-url",
        "http://me:pa55word@127.0.0.1:1",
      ],
      { env: { BOOKS_KEY: KEY } },
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error).toMatchObject({ type: "validation", rule: "baseUrl" });
    expect(r.stdout).not.toContain("pa55word");
  });

  describe("secret references", () => {
    it("resolve {{NAME}} from the environment", () => {
      expect(
        resolveParamReferences({ apiKey: "{{BOOKS_KEY}}", q: "x" }, new Set(["apiKey"]), { BOOKS_KEY: "k1" }),
      ).toEqual({ apiKey: "k1", q: "x" });
    });
    it("name a missing variable", () => {
      expect(() => resolveParamReferences({ apiKey: "{{NOPE}}" }, new Set(["apiKey"]), {})).toThrow(
        "apiKey: environment variable NOPE is not set",
      );
    });
  });
});

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

describe("blockwright mock", () => {
  it("refuses ports beyond 65535 before starting anything", async () => {
    const r = await cli(["mock", "--port", "65534"]);
    const n = providerDirs(SPECS_DIR).length;
    expect(r).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        `--port 65534 leaves no room for ${n} mocks (ports 65534–${65534 + n - 1}; the highest is 65535)`,
      ),
    });
  });

  it("refuses an unknown provider", async () => {
    expect(await cli(["mock", "library"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(`unknown provider "library" (providers: ${providerDirs(SPECS_DIR).join(", ")})`),
    });
  });

  it("says which port is busy, in one line", async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    const port = (busy.address() as AddressInfo).port;
    try {
      const { startMocks } = await import("../mocks/mocks.js");
      const r = await cli(["mock", "books", "--port", String(port)], { startMocks });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`blockwright mock: port ${port} on 127.0.0.1 is already in use (mock of books)`);
    } finally {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
  });
});
