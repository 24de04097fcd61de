// The workflow commands as a user runs them: `blockwright run`, `validate`
// and `mock` in their own processes — exit codes, output, the JSON result,
// and no mock left listening after a failure or Ctrl-C.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const bin = join(root, "bin/blockwright.js");
const fixtures = join(root, "scripts/cli/__fixtures__");
const tmp = mkdtempSync(join(tmpdir(), "blockwright-cli-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Running {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
  waitFor: (re: RegExp) => Promise<RegExpMatchArray>;
}

function start(args: string[], env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, [bin, ...args], { cwd: root, env: { PATH: process.env.PATH ?? "", ...env } });
  let out = "";
  let err = "";
  const waiters: { re: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  const check = () => {
    for (const w of [...waiters]) {
      const m = out.match(w.re);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  child.stdout.on("data", (d) => {
    out += d;
    check();
  });
  child.stderr.on("data", (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor: (re) =>
      new Promise((resolve, reject) => {
        const m = out.match(re);
        if (m) return resolve(m);
        waiters.push({ re, resolve });
        void exited.then(() => reject(new Error(`exited before ${re}: ${out}\n${err}`)));
      }),
  };
}

/** Every loopback address printed, e.g. `docgen http://127.0.0.1:4321`. */
function addresses(text: string): string[] {
  return [...text.matchAll(/http:\/\/127\.0\.0\.1:\d+/g)].map((m) => m[0]);
}

async function refused(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return false;
  } catch (e) {
    return ((e as { cause?: { code?: string } }).cause?.code ?? "") === "ECONNREFUSED";
  }
}

describe("blockwright run", () => {
  it.concurrent("runs an example on mocks, prints progress and the summary, writes --json", async () => {
    const json = join(tmp, "result.json");
    const run = start(["run", "examples/reading-list.yaml", "--json", json, "--concurrency", "2"]);
    expect(await run.exited).toBe(0);
    const out = run.stdout();
    expect(out).toContain("Reading list: 4 blocks, mock run");
    expect(out).toMatch(/placeholders \(mock run\) for unset variables: GAMMA_API_KEY, GOOGLE_BOOKS_API_KEY/);
    expect(out).toMatch(/mocks ready \d+ ms after start: books http:\/\/127\.0\.0\.1:\d+, docgen http:\/\/127\.0\.0\.1:\d+/);
    expect(out).toMatch(/search: started \(books_search_volumes\)/);
    expect(out).toMatch(/ready: succeeded in \d+ ms/);
    expect(out).toMatch(/Reading list: succeeded in \d+ ms \(4 succeeded, 0 failed, 0 skipped\)/);
    expect(out).toMatch(/top_pick\s+books_get_volume\s+succeeded\s+\d+ ms\s+id: zyTCAlFPjgYC/);
    const result = JSON.parse(readFileSync(json, "utf8"));
    expect(result.status).toBe("succeeded");
    expect(result.blocks.map((b: { id: string }) => b.id).sort()).toEqual(["document", "ready", "search", "top_pick"]);
    for (const url of addresses(out)) expect(await refused(url)).toBe(true);
  });

  it.concurrent("exits 1 when a block fails, skips its downstream, finishes the rest and stops the mocks", async () => {
    const run = start(["run", join(fixtures, "one-fails.yaml")]);
    expect(await run.exited).toBe(1);
    const out = run.stdout();
    expect(out).toMatch(/search: failed in \d+ ms: /);
    expect(out).toContain("volume: skipped: search did not succeed");
    expect(out).toMatch(/themes: succeeded/);
    expect(out).toMatch(/One branch fails: failed in \d+ ms \(1 succeeded, 1 failed, 1 skipped\)/);
    const urls = addresses(out);
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(await refused(url)).toBe(true);
  });

  it.concurrent("stops on Ctrl-C: cancels the run, exits 130 and leaves no mock listening", async () => {
    const run = start(["run", join(fixtures, "pending-forever.yaml")]);
    const [, url] = await run.waitFor(/mocks ready \d+ ms after start: docgen (http:\/\/127\.0\.0\.1:\d+)/);
    await run.waitFor(/wait: job pending, poll 1/);
    expect(await refused(url)).toBe(false);
    run.child.kill("SIGINT");
    expect(await run.exited).toBe(130);
    expect(run.stderr()).toContain("interrupted");
    expect(run.stdout()).toMatch(/workflow: cancelled/);
    expect(await refused(url)).toBe(true);
  });

  it.concurrent("refuses a live run with a secret missing, naming it and nothing else", async () => {
    const run = start(["run", "examples/reading-list.yaml", "--live"], { GAMMA_API_KEY: "sk-gamma-cli-secret-1" });
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain("examples/reading-list.yaml:12:15: search.apiKey: environment variable GOOGLE_BOOKS_API_KEY is not set (a secret)");
    expect(run.stderr()).not.toContain("sk-gamma-cli-secret-1");
    expect(run.stdout()).not.toContain("mocks ready");
  });

  it.concurrent("exits 2 on a usage error", async () => {
    const run = start(["run", "examples/reading-list.yaml", "--mock", "--live"]);
    expect(await run.exited).toBe(2);
    expect(run.stderr()).toContain("choose one of --mock and --live");
  });
});

describe("blockwright validate", () => {
  it.concurrent("accepts every example (as a mock run would)", async () => {
    for (const name of ["lead-to-deck", "onboard-new-hire", "reading-list"]) {
      const run = start(["validate", `examples/${name}.yaml`, "--mock"]);
      expect(await run.exited).toBe(0);
      expect(run.stdout()).toMatch(/: valid \(\d+ blocks; placeholders in a mock run for /);
    }
  });

  it.concurrent("reads secrets from --env-file and reports problems with their position", async () => {
    const run = start(["validate", join(fixtures, "one-fails.yaml"), "--env-file", join(fixtures, "one-fails.env")]);
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toMatch(/one-fails\.yaml:28:15: themes\.apiKey: environment variable GAMMA_API_KEY is not set \(a secret\)/);
    expect(run.stderr()).not.toMatch(/GOOGLE_BOOKS_API_KEY is not set/);
  });

  it.concurrent("has --help on every subcommand", async () => {
    for (const command of ["run", "validate", "mock", "call", "generate"]) {
      const run = start([command, "--help"]);
      expect(await run.exited).toBe(0);
      expect(run.stdout()).toContain(`Usage: blockwright ${command}`);
    }
  });
});

describe("blockwright mock", () => {
  it.concurrent("serves the named providers until Ctrl-C, then stops them", async () => {
    const run = start(["mock", "books", "crm"]);
    const [block] = await run.waitFor(/crm +http:\/\/127\.0\.0\.1:\d+\n/);
    const books = run.stdout().match(/books +(http:\/\/127\.0\.0\.1:\d+)/)![1];
    expect(block).toBeTruthy();
    const answer = await fetch(`${books}/books/v1/volumes?q=dune&key=any-key-1234`);
    expect(answer.status).toBe(200);
    run.child.kill("SIGINT");
    expect(await run.exited).toBe(0);
    expect(run.stdout()).toContain("mocks stopped");
    expect(await refused(books)).toBe(true);
  });
});
