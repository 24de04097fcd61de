// The built command as a process: start-up, signals and what only a real
// process shows (Node's own option handling, a mock server's logs).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { addresses, cli, compileCacheEnv, refused, spawnCli, spawnCliHeldAt } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { writeSyntheticProject } from "../../scripts/bench/synthetic.js";
import { filesUnder } from "../common/files.js";
import { USAGE } from "../cli.js";
import { version } from "./version.js";
import { USAGE as RUN_USAGE } from "./run.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-process-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Every file under `dir` (temporary files included) with its content. */
function contents(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.set(relative(dir, full), readFileSync(full, "utf8"));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

/**
 * One `mock books crm` for the file (a mock process costs about 0.5 s of CPU): the punycode test reads its start, the
 * credential test asks and stops it. --pending-deprecation: Node 20 warns of punycode as Node 21 and later do, so the
 * punycode test holds on every line CI runs.
 */
let mockRun: ReturnType<typeof spawnCli> | undefined;
const mockProcess = () => (mockRun ??= spawnCli(["mock", "books", "crm"], { NODE_OPTIONS: "--pending-deprecation" }));
// Stopped here when the credential test did not run (a test run alone).
afterAll(async () => {
  if (mockRun && mockRun.child.exitCode === null && mockRun.child.signalCode === null) {
    mockRun.child.kill("SIGINT");
    await mockRun.exited;
  }
});

describe("bin/blockwright.js", () => {
  it("answers --help and --version", async () => {
    // The process: its start, its stdout and its exit status as a shell sees them.
    const help = spawnCli(["--help"]);
    expect(await help.closed).toBe(0);
    expect(help.stdout()).toBe(`${USAGE}\n`);
    // The same main() answers --version (bin/ passes every argument on): in-process, a start fewer.
    expect(await cli(["--version"])).toMatchObject({ code: 0, stdout: `${version()}\n`, stderr: "" });
  });

  it("stops quietly when the reader of its output goes away (| head): no stack trace", async () => {
    // The reader is gone before the process has started: the command's first write finds the pipe closed.
    // (Any command's output goes through the process's one stdout; tools is among the cheapest that writes.)
    const list = spawnCli(["tools", "--format", "openai", "books"]);
    list.child.stdout.destroy();
    expect(await list.closed).toBe(0);
    expect(list.stderr()).toBe("");
  });

  it(
    "starts a mock with no punycode deprecation on stderr: the bundled Prism requires the userland module, " +
      "not Node's (it warned on every start from Node 21)",
    async () => {
      // Node warns as it loads Prism, before the line that says the mocks are ready (stderr, a pipe, is written in
      // order): the mock the credential test below then asks and stops.
      const mock = mockProcess();
      await mock.waitFor(/mocks ready in/);
      expect(mock.stderr()).not.toContain("[DEP0040]");
    },
  );

  it("reads a workflow piped to standard input (validate -)", async () => {
    const validate = spawnCli(["validate", "-", "--mock"]);
    validate.child.stdin.end(readFileSync(join(ROOT, "examples/reading-list.yaml")));
    expect(await validate.closed).toBe(0);
    expect(validate.stdout()).toMatch(/^-: valid \(4 blocks/);
  });

  it("treats --env-file as its own option (Node 20 read it as its own and exited 9)", async () => {
    const run = spawnCli(["run", "examples/reading-list.yaml", "--env-file", "missing.env"]);
    expect(await run.closed).toBe(2);
    expect(run.stderr()).toBe(
      `blockwright run: --env-file: cannot read missing.env (no such file) [BW3007]\n${RUN_USAGE.split("\n")[0]}\n`,
    );
  });
});

// What generate loads as a process: relaunch.test.ts, of its generate run that other tests there ask too.
describe("node bin/blockwright.js, without `node --`", () => {
  it(
    "reads --env-file as the command's own; when the file cannot be read, Node 20 stops first, " +
      "and nothing is an internal error",
    async () => {
      const dir = mkdtempSync(join(tmp, "envfile-"));
      writeFileSync(
        join(dir, "books.env"),
        "GOOGLE_BOOKS_API_KEY=AIzaSyFromEnvFile0042\nGAMMA_API_KEY=sk-gamma-from-env-file\n",
      );
      const node = (args: string[]) =>
        spawnSync(process.execPath, [join(ROOT, "bin/blockwright.js"), ...args], {
          cwd: ROOT,
          encoding: "utf8",
          env: compileCacheEnv(),
        });
      const read = node(["validate", "examples/reading-list.yaml", "--env-file", join(dir, "books.env")]);
      expect(read.stderr).toBe("");
      expect(read).toMatchObject({
        status: 0,
        stdout: expect.stringMatching(/^examples\/reading-list\.yaml: valid \(\d+ blocks\)\n$/),
      });
      // Without the file the workflow's secrets are missing: the variables came from the file, not Node (the same
      // command with the same environment, in-process: what it checks, not how it starts).
      expect((await cli(["validate", "examples/reading-list.yaml"], { env: compileCacheEnv() })).code).toBe(1);
      const missing = node(["validate", "examples/reading-list.yaml", "--env-file", join(dir, "missing.env")]);
      // Node 20 exits 9 naming the file itself; a Node that leaves the option to the script gets the command's own
      // message.
      expect(missing.stderr).toMatch(
        /^\S*node: \S*missing\.env: not found\n$|--env-file: cannot read \S*missing\.env \(no such file\)/,
      );
      expect(missing.status === 9 || missing.status === 2).toBe(true);
      expect(missing.stderr).not.toMatch(/internal error|\n\s+at /);
    },
  );
});

describe("Ctrl-C", () => {
  it(
    "stops generate on SIGTERM (exit 143) and on SIGINT (130) between two providers, " +
      "no file half-written and no stamp; the next generate finishes the job",
    async () => {
      const dir = mkdtempSync(join(tmp, "many-"));
      // Enough providers that the generation is still linking when the signal comes.
      writeSyntheticProject(dir, 30);
      // Each signal stops a generate of its own; the second starts from what the first left.
      const leftBy = new Map<string, Map<string, string>>();
      for (const signal of ["SIGTERM", "SIGINT"] as const) {
        const generate = spawnCli(["generate"], {}, dir);
        await generate.waitFor(/generate: 30 providers to link…\n/);
        generate.child.kill(signal);
        expect(await generate.closed, signal).toBe(signal === "SIGTERM" ? 143 : 130);
        expect(generate.stderr(), signal).toContain(
          "generate: interrupted: no file is half-written, and the stamp is as it was, " +
            "so the next generate finishes the job\n",
        );
        expect(generate.stderr(), signal).not.toMatch(/internal error|\n\s+at /);
        const left = contents(join(dir, "generated"));
        expect(
          [...left.keys()].filter((f) => f.endsWith(".tmp") || f.endsWith(".blockwright-stamp.json")),
          signal,
        ).toEqual([]);
        leftBy.set(signal, left);
      }

      // The next generate (in-process: the command's own code, without a process's start-up).
      expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
      const whole = contents(join(dir, "generated"));
      expect(whole.size).toBeGreaterThan(30 * 5);
      // What each interrupted run left is exactly what a whole run writes, file by file.
      for (const [signal, left] of leftBy)
        for (const [file, text] of left) expect(text, `${signal}: ${file}`).toBe(whole.get(file));
    },
  );

  it(
    "tells the steps of one large provider, and stops generate on SIGTERM while its document is checked: " +
      "exit 143, its problems never reached",
    async () => {
      const dir = mkdtempSync(join(tmp, "large-"));
      const [provider] = writeSyntheticProject(dir, 1);
      const file = join(dir, "specs", String(provider), "openapi.yaml");
      const doc = JSON.parse(readFileSync(file, "utf8")) as { paths: Record<string, unknown> };
      // Thousands of examples to check (as in a whole published document), the last one breaking its schema.
      for (let i = 0; i < 6000; i++) {
        const example = i === 5999 ? { id: 7 } : { id: `x${i}`, name: `item ${i}` };
        doc.paths[`/extra/${i}`] = {
          get: {
            operationId: `extra${i}`,
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } },
                    example,
                  },
                },
              },
            },
          },
        };
      }
      writeFileSync(file, JSON.stringify(doc));
      // The check of 6,000 examples takes milliseconds: the process holds at the step's line until the signal has
      // been sent (spawnCliHeldAt), so that it lands inside the step however busy the machine is (a test reading the
      // line late found generate done, exit 0). A large document tells its steps as they begin.
      const generate = spawnCliHeldAt(["generate"], `generate: ${provider}: checking its examples…`, dir);
      await generate.signalInStep("SIGTERM");
      // Heard between two chunks of examples: exit 143, said. Or heard during the link that follows, one synchronous
      // call during which the signal ends the process at once (killable-stretch.ts), as SIGTERM's own default does.
      const code = await generate.closed;
      expect(code === 143 || (code === null && generate.child.signalCode === "SIGTERM"), String(code)).toBe(true);
      expect(generate.stderr()).toMatch(
        new RegExp(
          `^generate: 1 provider to link…\ngenerate: ${provider}: reading specs/${provider}/openapi\\.yaml ` +
            `\\(1\\.\\d MB\\)…\ngenerate: ${provider}: checking its examples…\n`,
        ),
      );
      if (code === 143) expect(generate.stderr()).toContain("generate: interrupted: no file is half-written");
      expect(generate.stderr()).not.toMatch(/problem|internal error|\n\s+at /);
      // No file in place (ended at once, it may leave files it staged, never listed: the next generate removes them).
      expect(filesUnder(join(dir, "generated"), new Set())).toEqual([]);
    },
  );

  it("stops diff --write on SIGTERM, exit 143, writing nothing", async () => {
    const dir = mkdtempSync(join(tmp, "diff-"));
    writeSyntheticProject(dir, 30);
    mkdirSync(join(dir, "base"));
    const diff = spawnCliHeldAt(["diff", "--write", "--base-dir", "base"], "diff: 30 providers to link…", dir);
    await diff.signalInStep("SIGTERM");
    expect(await diff.closed).toBe(143);
    expect(diff.stderr()).toContain("diff: interrupted: no file is half-written; run diff --write again\n");
    expect(existsSync(join(dir, "generated"))).toBe(false);
  });

  it("stops a run: cancels it, exits 130 and leaves no mock listening", async () => {
    const run = spawnCli(["run", "src/cli/__fixtures__/pending-forever.yaml"]);
    const [, url] = await run.waitFor(/mocks ready \d+ ms after start: docgen (http:\/\/127\.0\.0\.1:\d+)/);
    await run.waitFor(/wait: job pending, poll 1/);
    expect(await refused(url!)).toBe(false);
    run.child.kill("SIGINT");
    expect(await run.closed).toBe(130);
    expect(run.stderr()).toContain("interrupted");
    expect(run.stdout()).toMatch(/workflow: cancelled in \d+ ms \(0 succeeded, 0 failed, 0 skipped, 1 cancelled\)/);
    expect(run.stdout()).toMatch(/wait\s+docgen_check_status\s+cancelled/);
    expect(await refused(url!)).toBe(true);
  });

  it("stops `mock`, whose logs never show a credential", async () => {
    const SECRET = "AIzaSyNeverLogged00042";
    const mock = mockProcess();
    await mock.waitFor(/crm +http:\/\/127\.0\.0\.1:\d+\n/);
    const books = mock.stdout().match(/books +(http:\/\/127\.0\.0\.1:\d+)/)![1];
    const answer = await fetch(`${books}/books/v1/volumes?q=dune&key=${SECRET}`);
    expect(answer.status).toBe(200);
    // An answer the spec does not declare makes Prism log the request.
    const undeclared = await fetch(`${books}/books/v1/volumes?q=dune&key=${SECRET}`, {
      headers: { Prefer: "code=418", "X-Api-Key": SECRET },
    });
    expect(undeclared.status).toBe(404);
    await mock.waitFor(/Request terminated with error/);
    mock.child.kill("SIGINT");
    expect(await mock.closed).toBe(0);
    expect(mock.stderr()).toContain("mocks stopped");
    expect(mock.stderr()).toContain("[withheld]");
    expect(mock.stdout() + mock.stderr()).not.toContain(SECRET);
    for (const url of addresses(mock.stdout())) expect(await refused(url)).toBe(true);
  });
});
