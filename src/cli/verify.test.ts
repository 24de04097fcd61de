// `blockwright verify` and `test --replay` as a user runs them, on a project
// of the fixture provider (shelf) and a loopback server playing its service:
// faithful, or deviating from its spec on purpose.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { ROOT } from "../../test-support/repo.js";

const tmp = mkdtempSync(join(tmpdir(), "blockwright-verify-"));
const FIXTURE = join(ROOT, "test-support/fixtures/specs/shelf");
const KEY = "shelf-key/+é-0123456789";
const env = { SHELF_KEY: KEY };
/** JSON's other way of writing a string: `/` as `\/`, every character past ASCII as `\uXXXX`. */
const jsonEscaped = (text: string) =>
  text.replaceAll("/", "\\/").replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
const keyForms = [KEY, encodeURIComponent(KEY), JSON.stringify(KEY).slice(1, -1), jsonEscaped(KEY)];
/**
 * The other forms an echo takes: one letter as `\u0073` amid plain text, every byte as `%XX` (either case of hex),
 * base64 (standard, URL-safe), upper case.
 */
const oneLetter = (text: string) =>
  text.replace(/[a-z]/, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).replaceAll("/", "\\/");
const percentAll = (text: string) =>
  [...Buffer.from(text)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
const otherForms = (text: string) => [
  oneLetter(text),
  percentAll(text),
  percentAll(text).toLowerCase(),
  Buffer.from(text).toString("base64"),
  Buffer.from(text).toString("base64url"),
  text.toUpperCase(),
];
const allForms = [...keyForms, ...otherForms(KEY)];

/** A project of the fixture provider, its runtime resolvable (as after `npm install`), generated. */
async function project(name: string): Promise<string> {
  const dir = join(tmp, name);
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  cpSync(FIXTURE, join(dir, "specs/shelf"), { recursive: true });
  expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
  return dir;
}

/** The line of the first line of `file` holding `text`, after the line holding `after` when given. */
function lineOf(file: string, text: string, after?: string): number {
  const lines = readFileSync(file, "utf8").split("\n");
  const start = after === undefined ? 0 : lines.findIndex((l) => l.includes(after));
  const i = lines.findIndex((l, n) => n >= start && l.includes(text));
  if (i < 0) throw new Error(`${file} has no ${text}`);
  return i + 1;
}

type Mode = {
  total?: unknown;
  dropId?: boolean;
  bookStatus?: number;
  echo?: boolean;
  echoInState?: boolean;
  throttle?: boolean;
  authenticate?: boolean;
  hostileField?: boolean;
};
let mode: Mode = {};
const book = { id: "b7", title: "Dune Messiah", state: "ready", rank: 3 };
let upstream: Awaited<ReturnType<typeof server>>;
beforeAll(async () => {
  upstream = await server((r) => {
    const echo = mode.echo
      ? { note: `you sent ${r.headers["x-shelf-key"]}`, url: encodeURIComponent(String(r.headers["x-shelf-key"])) }
      : {};
    if (mode.authenticate && r.headers["x-shelf-key"] !== KEY)
      return { status: 401, body: JSON.stringify({ error: { code: "Unauthorized", message: "no key" } }) };
    if (mode.throttle)
      return {
        status: 429,
        headers: { "retry-after": "30" },
        body: JSON.stringify({ error: { code: "TooMany", message: "slow down" } }),
      };
    if (r.method === "GET" && /^\/v2\/shelves\/[^/]+\/books/.test(r.url)) {
      const body = JSON.stringify({ total: mode.total ?? 1, value: [book], ...echo });
      // The key also as JSON may escape it (`\/`, `\u00e9`), which JSON.stringify does not write.
      const key = String(r.headers["x-shelf-key"]);
      const forms = otherForms(key).map((f, i) => `,"form${i}":${i ? JSON.stringify(f) : `"${f}"`}`);
      return {
        status: 200,
        body: mode.echo ? body.replace(/}$/, `,"escaped":"${jsonEscaped(key)}"${forms.join("")}}`) : body,
      };
    }
    if (r.method === "GET" && r.url.startsWith("/v2/books")) {
      if (mode.bookStatus)
        return {
          status: mode.bookStatus,
          body: JSON.stringify({ error: { code: "Unavailable", message: "try later" } }),
        };
      const { id: _id, ...rest } = book;
      const state = mode.echoInState ? { state: `bad ${r.headers["x-shelf-key"]}` } : {};
      // A field named to end the report's line and start a workflow command of the CI log; and one named by the key.
      const hostile = mode.hostileField
        ? { "\n::error::x": 1, "\r\n  ::add-mask::y\u001b[2J": 2, [`${r.headers["x-shelf-key"]}`]: 3 }
        : {};
      return {
        status: 200,
        body: JSON.stringify({
          ...(mode.dropId ? rest : book),
          ...(mode.echo ? { title: `Dune ${r.headers["x-shelf-key"]}` } : {}),
          ...state,
          ...hostile,
        }),
      };
    }
    return { status: 201, body: JSON.stringify(book) };
  });
});
afterAll(async () => {
  await upstream.close();
  rmSync(tmp, { recursive: true, force: true });
});

const verify = (dir: string, ...more: string[]) =>
  cli(["verify", "shelf", "--base-url", upstream.url, "--param", "apiKey={{SHELF_KEY}}", "--interval", "0", ...more], {
    cwd: dir,
    env,
  });

// One project and one server for all: the cases run one after another (each sets the server's mode).
describe("blockwright verify", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await project("shelf");
  });

  it("against a faithful service: exit 0, every read-only operation called, the writing one left out", async () => {
    mode = {};
    const before = upstream.received.length;
    const r = await verify(dir);
    expect(r.stderr).toContain("blockwright verify: shelf on http://127.0.0.1:");
    expect(r.stdout).toMatch(/^✓ shelf_list_books › live › minimal input$/m);
    expect(r.stdout).toMatch(/^✓ shelf_get_book › live › minimal input$/m);
    expect(r.stdout).toContain(
      "left out (may change data; name them with --allow-writes to call them): shelf_add_book",
    );
    expect(r.stdout).toMatch(/^drift: 0 differences in 0 of \d+ calls$/m);
    expect(r.code).toBe(0);
    const sent = upstream.received.slice(before);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent.map((q) => q.method))).toEqual(new Set(["GET"]));
    // Every request carries the key but the one call made without a credential.
    expect(sent.filter((q) => q.headers["x-shelf-key"] !== KEY)).toEqual([
      expect.objectContaining({ headers: expect.not.objectContaining({ "x-shelf-key": expect.anything() }) }),
    ]);
    expect(r.stdout).toMatch(/^✓ shelf_\w+ › live › without a credential$/m);
  });

  it(
    "against a deviating service: exit 1, exactly the two differences, each with its pointer, " + "spec line and patch",
    async () => {
      mode = { total: "1", dropId: true };
      const overlay = join(tmp, "overlay.json");
      const r = await verify(dir, "--json", "--overlay", overlay);
      expect(r.code).toBe(1);
      const report = JSON.parse(r.stdout);
      const spec = "specs/shelf/openapi.yaml";
      const all = report.results.flatMap((x: { drifts: { informational?: boolean }[] }) =>
        x.drifts.filter((d) => !d.informational),
      );
      // Every call of an operation meets its deviation: the distinct differences are exactly the two.
      const drifts = all.filter(
        (d: object, i: number) => all.findIndex((e: object) => JSON.stringify(e) === JSON.stringify(d)) === i,
      );
      const missing = expect.objectContaining({
        operation: "shelf_get_book",
        kind: "missing-required",
        pointer: "/id",
        at: expect.objectContaining({ file: spec, line: lineOf(join(dir, spec), "required: [id, title, state]") }),
      });
      const mistyped = expect.objectContaining({
        operation: "shelf_list_books",
        kind: "type-mismatch",
        pointer: "/total",
        at: expect.objectContaining({ file: spec, line: lineOf(join(dir, spec), "total: { type: integer }") }),
      });
      expect(drifts).toHaveLength(2);
      expect(drifts).toEqual(expect.arrayContaining([missing, mistyped]));
      expect(drifts.find((d: { kind: string }) => d.kind === "missing-required").overlay).toMatchObject({
        target: "$.components.schemas.Book.required[?(@ == 'id')]",
        remove: true,
      });
      expect(report.summary).toMatchObject({ failed: report.results.length, differences: all.length, distinct: 2 });
      const document = JSON.parse(readFileSync(overlay, "utf8"));
      expect(document).toMatchObject({ overlay: "1.0.0", info: { title: expect.stringContaining("shelf") } });
      expect(document.actions).toEqual(expect.arrayContaining(drifts.map((d: { overlay: unknown }) => d.overlay)));
      for (const form of keyForms) expect(r.stdout + r.stderr, form).not.toContain(form);
    },
  );

  it("quotes no secret the service echoed into a value it reports", async () => {
    mode = { echoInState: true };
    const r = await verify(dir, "--json", "--operation", "shelf_get_book");
    expect(r.code).toBe(1);
    const [drift] = JSON.parse(r.stdout).results[0].drifts;
    expect(drift).toMatchObject({ kind: "constraint", pointer: "/state" });
    expect(drift.message).toContain("[redacted]");
    for (const form of keyForms) expect(r.stdout + r.stderr, form).not.toContain(form);
  });

  it("calls nothing when every operation asked may write", async () => {
    const before = upstream.received.length;
    expect(await verify(dir, "--operation", "shelf_add_book")).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        "nothing to call: shelf_add_book may change data, and verify calls only what reads unless " +
          "--allow-writes names it",
      ),
    });
    expect(upstream.received.length).toBe(before);
  });

  it("calls once without the credential, and reports the 401 the spec does not declare", async () => {
    mode = { authenticate: true };
    const before = upstream.received.length;
    const r = await verify(dir, "--json");
    const sent = upstream.received.slice(before);
    expect(sent.filter((q) => q.headers["x-shelf-key"] === undefined)).toHaveLength(1);
    const report = JSON.parse(r.stdout);
    const without = report.results.find((x: { name: string }) => x.name === "without a credential");
    expect(without).toMatchObject({
      statuses: [401],
      status: "failed",
      drifts: [expect.objectContaining({ kind: "undeclared-status", pointer: "/status" })],
    });
    expect(report.results.filter((x: { status: string }) => x.status !== "passed")).toEqual([without]);
    expect(r.code).toBe(1);
  });

  it("reports a status the spec does not declare, at the operation's responses", async () => {
    mode = { bookStatus: 503 };
    const r = await verify(dir, "--operation", "shelf_get_book");
    expect(r.code).toBe(1);
    const spec = join(dir, "specs/shelf/openapi.yaml");
    expect(r.stdout).toContain("undeclared-status /status");
    expect(r.stdout).toContain(`spec: specs/shelf/openapi.yaml:${lineOf(spec, "responses:", "operationId: getBook")}:`);
    // Each call met it: the minimal input and the call without a credential at getBook's responses, the route's at
    // getBookByKey's.
    expect(r.stdout).toMatch(/^drift: 2 differences \(met (\d+) times\) in \1 of \1 calls$/m);
  });

  it("sends a write only for an operation named by --allow-writes", async () => {
    mode = {};
    const before = upstream.received.length;
    const r = await verify(dir, "--allow-writes", "shelf_add_book", "--max-requests", "3");
    expect(
      upstream.received
        .slice(before)
        .map((q) => q.method)
        .sort(),
    ).toEqual(["GET", "GET", "POST"]);
    expect(r.stdout).toMatch(/^✓ shelf_add_book › live › minimal input$/m);
    expect(r.code).toBe(0);
  });

  it("sends nothing more once the service answers 429", async () => {
    mode = { throttle: true };
    const before = upstream.received.length;
    const r = await verify(dir);
    expect(upstream.received.length - before).toBe(1);
    expect(r.stdout).toMatch(
      /^stopped: the service answered 429 \(too many requests\): no further request was sent; 1 of \d+ calls made$/m,
    );
    expect(r.code).toBe(1);
  });

  it(
    "writes the CI reports of blockwright test: JUnit XML, " + "and GitHub annotations at the contradicted spec line",
    async () => {
      mode = { dropId: true };
      const junit = join(tmp, "verify.xml");
      const r = await verify(
        dir,
        "--operation",
        "shelf_get_book",
        "--reporter",
        "github",
        "--reporter",
        "junit",
        "--output",
        junit,
      );
      expect(r.code).toBe(1);
      const xml = readFileSync(junit, "utf8");
      expect(xml).toContain('<testsuites name="blockwright verify"');
      expect(xml).toMatch(/<testcase classname="shelf\.shelf_get_book" name="live › minimal input"/);
      const line = lineOf(join(dir, "specs/shelf/openapi.yaml"), "required: [id, title, state]");
      expect(r.stdout).toMatch(
        new RegExp(
          `^::error file=specs/shelf/openapi\\.yaml,line=${line},col=\\d+,title=shelf shelf_get_book › live › ` +
            `minimal input::the live answer contradicts the specs:%0A  - missing-required /id`,
          "m",
        ),
      );
    },
  );

  it("stops at its request budget and says so", async () => {
    mode = {};
    const r = await verify(dir, "--max-requests", "1");
    expect(r.stdout).toMatch(/^stopped: the request budget is spent \(--max-requests 1\); 1 of \d+ calls made$/m);
    expect(r.code).toBe(0);
  });

  it(
    "refuses, before any request, a plain-http address " + "off loopback, a literal secret, an unknown operation",
    async () => {
      const before = upstream.received.length;
      expect(
        await cli(["verify", "shelf", "--base-url", "http://api.shelf.test", "--param", "apiKey={{SHELF_KEY}}"], {
          cwd: dir,
          env,
        }),
      ).toMatchObject({
        code: 2,
        stderr: expect.stringContaining(
          '--base-url must use https (http is allowed only for loopback hosts), got "http://api.shelf.test"',
        ),
      });
      const literal = await cli(["verify", "shelf", "--base-url", upstream.url, "--param", `apiKey=${KEY}`], {
        cwd: dir,
        env,
      });
      expect(literal).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("apiKey is a secret: pass it as a reference to an environment variable"),
      });
      expect(literal.stderr).not.toContain(KEY);
      expect(await verify(dir, "--allow-writes", "shelf_burn_books")).toMatchObject({
        code: 2,
        stderr: expect.stringContaining(
          "--allow-writes shelf_burn_books: not an operation of shelf (operations: shelf_add_book, " +
            "shelf_get_book, shelf_list_books)",
        ),
      });
      expect(await cli(["verify", "shelf", "--param", "apiKey={{SHELF_KEY}}"], { cwd: dir, env })).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("missing --base-url"),
      });
      writeFileSync(join(dir, "a-file"), "");
      expect(await verify(dir, "--record", "a-file/recordings")).toMatchObject({
        code: 2,
        stderr: expect.stringContaining(`--record a-file/recordings: cannot be made: ${join(dir, "a-file")} is a file`),
      });
      expect(await verify(dir, "--overlay", "specs")).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("--overlay specs: is a folder, not a file"),
      });
      expect(upstream.received.length).toBe(before);
    },
  );
});

describe("verify --record, then test --replay", () => {
  let dir: string;
  const recordings = () => join(dir, "recordings");
  beforeAll(async () => {
    dir = await project("replay");
  });

  it("records each call with the key redacted in every form, even where the service echoed it", async () => {
    mode = { echo: true };
    const r = await verify(dir, "--record", "recordings");
    expect(r.code).toBe(0);
    const files = readdirSync(join(recordings(), "shelf"), { recursive: true }).filter((f) =>
      String(f).endsWith(".json"),
    );
    expect(files.map(String)).toEqual(
      expect.arrayContaining([
        join("shelf_get_book", "minimal-input.json"),
        join("shelf_list_books", "minimal-input.json"),
      ]),
    );
    for (const f of files) {
      const text = readFileSync(join(recordings(), "shelf", String(f)), "utf8");
      expect(text).toContain("[redacted]");
      for (const form of keyForms) expect(text, `${f}: ${form}`).not.toContain(form);
      // What the service answered, as it answered it (the file's own JSON encoding undone).
      for (const ex of JSON.parse(text).exchanges as { responseBody: string }[])
        for (const form of keyForms) expect(ex.responseBody, `${f}: ${form}`).not.toContain(form);
    }
    const list = JSON.parse(
      readFileSync(join(recordings(), "shelf", "shelf_list_books", "minimal-input.json"), "utf8"),
    );
    expect(JSON.parse(list.exchanges[0].responseBody)).toMatchObject({
      escaped: "[redacted]",
      note: "you sent [redacted]",
    });
  });

  it(
    "shows no form of an echoed key in its text or JSON " + "report, overlay or recordings, even as a field name",
    async () => {
      mode = { echo: true, echoInState: true, hostileField: true };
      const overlay = join(tmp, "echo-overlay.json");
      const record = join(tmp, "echo-recordings");
      const text = await verify(dir, "--overlay", overlay, "--record", record);
      const json = await verify(dir, "--json");
      expect([text.code, json.code]).toEqual([1, 1]);
      expect(text.stdout).toContain("[redacted]");
      const recorded = readdirSync(record, { recursive: true }).filter((f) => String(f).endsWith(".json"));
      expect(recorded.length).toBeGreaterThan(0);
      const outputs = {
        text: text.stdout + text.stderr,
        json: json.stdout + json.stderr,
        overlay: readFileSync(overlay, "utf8"),
        ...Object.fromEntries(recorded.map((f) => [String(f), readFileSync(join(record, String(f)), "utf8")])),
      };
      for (const [where, output] of Object.entries(outputs))
        for (const form of allForms) expect(output, `${where}: ${form}`).not.toContain(form);
    },
  );

  it(
    "escapes a field name of the answer in its text report: no line starts with :: (a CI workflow command), " +
      "no control character",
    async () => {
      mode = { hostileField: true };
      const r = await verify(dir, "--operation", "shelf_get_book");
      expect(r.stdout).toContain("\\n::error::x");
      expect(r.stdout).toContain("\\r\\n  ::add-mask::y\\u001b[2J");
      for (const line of (r.stdout + r.stderr).split("\n")) expect(line, line).not.toMatch(/^\s*::/);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character is what it looks for
      expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    },
  );

  it(
    "never writes through a symbolic link (--overlay, --output, a recordings folder or file): " +
      "exit 2 before any request, nothing outside changed",
    async () => {
      mode = {};
      const outside = mkdtempSync(join(tmp, "outside-"));
      const victim = join(outside, "victim.txt");
      writeFileSync(victim, "not yours\n");
      mkdirSync(join(outside, "folder"));
      const links = mkdtempSync(join(tmp, "links-"));
      symlinkSync(victim, join(links, "overlay.json"));
      symlinkSync(victim, join(links, "report.xml"));
      mkdirSync(join(links, "linked-provider"));
      symlinkSync(join(outside, "folder"), join(links, "linked-provider/shelf"));
      mkdirSync(join(links, "linked-file/shelf/shelf_get_book"), { recursive: true });
      symlinkSync(victim, join(links, "linked-file/shelf/shelf_get_book/minimal-input.json"));
      const cases: [string[], string][] = [
        [
          ["--overlay", join(links, "overlay.json")],
          `--overlay ${join(links, "overlay.json")}: is a symbolic link, never written through`,
        ],
        [
          ["--reporter", "junit", "--output", join(links, "report.xml")],
          `--output ${join(links, "report.xml")}: is a symbolic link, never written through`,
        ],
        [
          ["--record", join(links, "linked-provider")],
          "shelf is a symbolic link: recordings are never written through a link",
        ],
        [
          ["--record", join(links, "linked-file")],
          "shelf/shelf_get_book/minimal-input.json is a symbolic link: recordings are never written through a link",
        ],
      ];
      for (const [args, says] of cases) {
        const before = upstream.received.length;
        const r = await verify(dir, ...args);
        expect({ args, code: r.code }).toEqual({ args, code: 2 });
        expect(r.stderr).toContain(says);
        expect(upstream.received.length).toBe(before);
      }
      expect(readFileSync(victim, "utf8")).toBe("not yours\n");
      expect(readdirSync(join(outside, "folder"))).toEqual([]);
    },
  );

  it("replays them offline: exit 0 with the service gone and no key", async () => {
    const r = await cli(["test", "shelf", "--replay", "recordings"], { cwd: dir, env: {} });
    const count = readdirSync(join(recordings(), "shelf"), { recursive: true }).filter((f) =>
      String(f).endsWith(".json"),
    ).length;
    expect(r.stderr).toMatch(
      new RegExp(`^blockwright test: ${count} recorded cases from recordings, replayed without network$`, "m"),
    );
    expect(r.stdout).toMatch(new RegExp(`^contract: ${count} passed, 0 failed$`, "m"));
    expect(r.mocks).toEqual([]);
    expect(r.code).toBe(0);
  });

  it("fails once the spec contradicts what the service said, at the line of the contradicting schema", async () => {
    const spec = join(dir, "specs/shelf/openapi.yaml");
    const text = readFileSync(spec, "utf8");
    // The service answered "Dune Messiah"; the spec now says a title has at most 5 characters (its own examples' "Dune"
    // has 4).
    writeFileSync(
      spec,
      text.replace(
        "        title: { type: string }\n        state:",
        "        title: { type: string, maxLength: 5 }\n        state:",
      ),
    );
    try {
      expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
      const r = await cli(["test", "shelf", "--replay", "recordings"], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stdout).toContain("✗ shelf shelf_get_book › replay › minimal input");
      expect(r.stdout).toContain("✗ shelf shelf_list_books › replay › minimal input");
      expect(r.stdout).toContain("✗ shelf shelf_get_book › replay › minimal input");
      expect(r.stdout).toContain("constraint /title");
      expect(r.stdout).toContain("constraint /value/0/title");
      expect(r.stdout).toContain(
        `    at specs/shelf/openapi.yaml:${lineOf(spec, "title: { type: string, maxLength: 5 }")}:`,
      );
    } finally {
      writeFileSync(spec, text);
      expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
    }
  });

  it("fails a request the tool no longer sends as recorded, and a recording past --max-age", async () => {
    const file = join(recordings(), "shelf", "shelf_list_books", "minimal-input.json");
    const recording = JSON.parse(readFileSync(file, "utf8"));
    const old = { ...recording, recordedAt: "2020-01-01T00:00:00.000Z" };
    writeFileSync(file, JSON.stringify(old));
    const aged = await cli(["test", "shelf", "--replay", "recordings", "--max-age", "30d"], { cwd: dir });
    expect(aged.code).toBe(1);
    expect(aged.stdout).toContain("longer ago than --max-age allows (30 days)");
    writeFileSync(
      file,
      JSON.stringify({
        ...recording,
        exchanges: recording.exchanges.map((ex: { canonical: string }) => ({
          ...ex,
          canonical: ex.canonical.replace("GET /", "GET /old/"),
        })),
      }),
    );
    const moved = await cli(["test", "shelf", "--replay", "recordings"], { cwd: dir });
    expect(moved.code).toBe(1);
    expect(moved.stdout).toContain("the request the tool sends now matches no recorded one");
    writeFileSync(file, JSON.stringify(recording));
  });

  it("refuses a folder without recordings and --max-age without --replay", async () => {
    mkdirSync(join(dir, "empty"), { recursive: true });
    expect(await cli(["test", "shelf", "--replay", "empty"], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--replay empty: no recordings of shelf there"),
    });
    expect(await cli(["test", "shelf", "--max-age", "3d"], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--max-age goes with --replay <dir>"),
    });
    expect(existsSync(join(dir, "empty"))).toBe(true);
  });
});
