// The command line as a user meets it, in-process on the suite's shared Prism mocks: the help of every command (its
// snapshot), typos suggested, flag syntax, exit statuses, and mock's refusals. Each command's own tests: call.test.ts,
// run-validate.test.ts and the files named after the others.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { sharedMockUrls } from "../../test-support/shared-mocks.js";
import { ROOT, SPECS_DIR } from "../../test-support/repo.js";
import { providerDirs } from "../load/provider-dirs.js";

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
      // generate's Maglev 16× and TurboFan 32× (the eleventh and fifty-first rounds' pairs); diff's both 8×.
      expect(v8FlagsFor("generate")).toEqual(lessEagerOptimiser(16, undefined, 32));
      expect(v8FlagsFor("diff")).toEqual(lessEagerOptimiser(8));
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
