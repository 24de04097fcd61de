// `blockwright verify` as a user runs it, on a project of the fixture provider (shelf) and a loopback server
// playing its service (test-support/cli/verify-shelf.ts): faithful, or deviating from its spec on purpose.
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { env, KEY, keyForms, lineOf, shelfFixture } from "../../test-support/cli/verify-shelf.js";

const shelf = shelfFixture("blockwright-verify-");
const { project, tmp, verify } = shelf;

// One project and one server for all: the cases run one after another (each sets the server's mode).
describe("blockwright verify", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await project("shelf");
  });

  it("against a faithful service: exit 0, every read-only operation called, the writing one left out", async () => {
    shelf.mode = {};
    const before = shelf.upstream.received.length;
    const r = await verify(dir);
    expect(r.stderr).toContain("blockwright verify: shelf on http://127.0.0.1:");
    expect(r.stdout).toMatch(/^✓ shelf_list_books › live › minimal input$/m);
    expect(r.stdout).toMatch(/^✓ shelf_get_book › live › minimal input$/m);
    expect(r.stdout).toContain(
      "left out (may change data; name them with --allow-writes to call them): shelf_add_book",
    );
    expect(r.stdout).toMatch(/^drift: 0 differences in 0 of \d+ calls$/m);
    expect(r.code).toBe(0);
    const sent = shelf.upstream.received.slice(before);
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
      shelf.mode = { total: "1", dropId: true };
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
    shelf.mode = { echoInState: true };
    const r = await verify(dir, "--json", "--operation", "shelf_get_book");
    expect(r.code).toBe(1);
    const [drift] = JSON.parse(r.stdout).results[0].drifts;
    expect(drift).toMatchObject({ kind: "constraint", pointer: "/state" });
    expect(drift.message).toContain("[redacted]");
    for (const form of keyForms) expect(r.stdout + r.stderr, form).not.toContain(form);
  });

  it("calls nothing when every operation asked may write", async () => {
    const before = shelf.upstream.received.length;
    expect(await verify(dir, "--operation", "shelf_add_book")).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        "nothing to call: shelf_add_book may change data, and verify calls only what reads unless " +
          "--allow-writes names it",
      ),
    });
    expect(shelf.upstream.received.length).toBe(before);
  });

  it("calls once without the credential, and reports the 401 the spec does not declare", async () => {
    shelf.mode = { authenticate: true };
    const before = shelf.upstream.received.length;
    const r = await verify(dir, "--json");
    const sent = shelf.upstream.received.slice(before);
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
    shelf.mode = { bookStatus: 503 };
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
    shelf.mode = {};
    const before = shelf.upstream.received.length;
    const r = await verify(dir, "--allow-writes", "shelf_add_book", "--max-requests", "3");
    expect(
      shelf.upstream.received
        .slice(before)
        .map((q) => q.method)
        .sort(),
    ).toEqual(["GET", "GET", "POST"]);
    expect(r.stdout).toMatch(/^✓ shelf_add_book › live › minimal input$/m);
    expect(r.code).toBe(0);
  });

  it("sends nothing more once the service answers 429", async () => {
    shelf.mode = { throttle: true };
    const before = shelf.upstream.received.length;
    const r = await verify(dir);
    expect(shelf.upstream.received.length - before).toBe(1);
    expect(r.stdout).toMatch(
      /^stopped: the service answered 429 \(too many requests\): no further request was sent; 1 of \d+ calls made$/m,
    );
    expect(r.code).toBe(1);
  });

  it(
    "writes the CI reports of blockwright test: JUnit XML, " + "and GitHub annotations at the contradicted spec line",
    async () => {
      shelf.mode = { dropId: true };
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

  it("marks a call whose answer was not checked apart from one whose answer contradicted the specs", async () => {
    // A loopback port nothing listens on: each call's request fails, and no answer is there to check.
    const closed = await new Promise<number>((done) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const { port } = s.address() as AddressInfo;
        s.close(() => done(port));
      });
    });
    const r = await cli(
      ["verify", "shelf", "--base-url", `http://127.0.0.1:${closed}`, "--param", "apiKey={{SHELF_KEY}}"].concat([
        "--interval",
        "0",
        "--operation",
        "shelf_get_book",
      ]),
      { cwd: dir, env },
    );
    expect(r.stdout).toMatch(/^⚠ shelf_get_book › live › minimal input \(no answer checked\)$/m);
    expect(r.stderr).toMatch(/^blockwright verify: 1\/\d+ ⚠ shelf_get_book › live › minimal input \(no answer\)$/m);
    expect(r.stdout + r.stderr).not.toContain("✗");
    expect(r.stdout).toMatch(/^drift: 0 differences in 0 of (\d+) calls; \1 calls not checked$/m);
    // Exit 1 as documented: a call that could not be checked fails the run as a difference does.
    expect(r.code).toBe(1);
  });

  it("writes --overlay into a folder not there yet, made as --output's is, after the report", async () => {
    shelf.mode = { dropId: true };
    const r = await verify(dir, "--operation", "shelf_get_book", "--overlay", "zq-new/deeper/overlay.yaml");
    expect(r.stderr).not.toContain("cannot be written");
    expect(r.stdout).toMatch(/^✗ shelf_get_book › live › minimal input$/m);
    expect(r.code).toBe(1);
    expect(readFileSync(join(dir, "zq-new/deeper/overlay.yaml"), "utf8")).toContain("overlay: 1.0.0");
  });

  it("-q leaves out the plan and each call's progress line, not the report nor a warning", async () => {
    shelf.mode = {};
    const quiet = await verify(dir, "-q", "--operation", "shelf_get_book");
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).toMatch(/^✓ shelf_get_book › live › minimal input$/m);
    expect(quiet.stderr).not.toContain("blockwright verify:");
    const test = await cli(["-q", "test", "shelf"], { cwd: dir });
    expect(test.stderr).not.toContain("linking the specs");
  });

  it("stops at its request budget and says so", async () => {
    shelf.mode = {};
    const r = await verify(dir, "--max-requests", "1");
    expect(r.stdout).toMatch(/^stopped: the request budget is spent \(--max-requests 1\); 1 of \d+ calls made$/m);
    expect(r.code).toBe(0);
  });

  it(
    "refuses, before any request, a plain-http address off loopback, a literal secret, one too short, " +
      "an unknown operation",
    async () => {
      const before = shelf.upstream.received.length;
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
      const literal = await cli(["verify", "shelf", "--base-url", shelf.upstream.url, "--param", `apiKey=${KEY}`], {
        cwd: dir,
        env,
      });
      expect(literal).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("apiKey is a secret: pass it as a reference to an environment variable"),
      });
      expect(literal.stderr).not.toContain(KEY);
      // A key the credential's rules refuse: told once, its value withheld, rather than as each call not checked.
      const short = await cli(
        ["verify", "shelf", "--base-url", shelf.upstream.url, "--param", "apiKey={{SHELF_KEY}}"],
        {
          cwd: dir,
          env: { SHELF_KEY: "zq1" },
        },
      );
      expect(short).toMatchObject({ code: 2, stdout: "" });
      expect(short.stderr).toContain(
        "--param apiKey: must be at least 8 characters long, got (secret value withheld) (rule minLength) [BW3003]",
      );
      expect(short.stderr).not.toContain("zq1");
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
      expect(shelf.upstream.received.length).toBe(before);
    },
  );
});
