// Bad input to every command, as a user meets it: each is refused with a
// clear message naming the input, and the exit status the command's help
// gives, never "internal error" (exit 70), a stack trace, or a command that
// never ends. The cases run the command in-process (main(), as the built
// bin/ calls it, with real mocks); the built command as a process runs the
// cases where a process could outlive its command (mocks, a device read).
import { spawn } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { sha256 } from "../common/hash.js";
import { ROOT } from "../../test-support/repo.js";
import { startMocks } from "../mocks/mocks.js";

const tmp = mkdtempSync(join(tmpdir(), "blockwright-bad-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
/** A project as `init` makes it, generated: each case changes a copy. */
const project = join(tmp, "project");

beforeAll(async () => {
  expect((await cli(["init", project])).code).toBe(0);
  mkdirSync(join(project, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(project, "node_modules/@blockwright/runtime"));
  expect((await cli(["generate"], { cwd: project })).code).toBe(0);
});

const NOT_UTF8 = Buffer.from("name: caf\xe9\n", "latin1");
const write = (dir: string, file: string, text: string | Buffer) => {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), text);
};
const replace = (dir: string, file: string, from: string, to: string) =>
  write(dir, file, readFileSync(join(dir, file), "utf8").replace(from, to));
const folderAt = (dir: string, file: string) => {
  rmSync(join(dir, file), { force: true });
  mkdirSync(join(dir, file));
};

/** A pinned published document for the sample provider, as `upstream --accept` leaves one. */
const pin = (dir: string) => {
  const pinned = "openapi: 3.0.3\npaths: {}\n";
  write(dir, "specs/notes/upstream/published.yaml", pinned);
  write(dir, "specs/notes/upstream/source.yaml", `file: published.yaml\nsha256: ${sha256(pinned)}\n`);
};

interface Case {
  name: string;
  args: string[];
  setup?: (dir: string) => void;
  code: number;
  /**
   * What the message must say (the input, the rule, the value); a function of the project's folder where it names a
   * path outside it.
   */
  says: string | RegExp | ((dir: string) => string | RegExp);
  /**
   * Only as a process: in the test's own process, Vitest resolves the runtime to its sources whatever the project
   * installed.
   */
  processOnly?: true;
}

const CASES: Case[] = [
  // Flags.
  {
    name: "call --timeout past what a timer takes",
    args: ["call", "notes_list", "--timeout", "99999999999999999999"],
    code: 2,
    says: "--timeout takes a whole number up to 2147483647, got 99999999999999999999",
  },
  {
    name: "call --timeout with a negative value",
    args: ["call", "notes_list", "--timeout", "-1"],
    code: 2,
    says: "--timeout needs a value; one starting with a dash is written --timeout=-…",
  },
  {
    name: "generate --specs naming a file",
    args: ["generate", "--specs", "package.json"],
    code: 2,
    says: "--specs package.json: is a file, not a folder",
  },
  {
    name: "generate --out naming a file",
    args: ["generate", "--out", "package.json/x"],
    code: 2,
    says: /--out package\.json\/x: cannot be made: .*package\.json is a file/,
  },
  {
    name: "generate --check --out naming a file",
    args: ["generate", "--check", "--out", "examples/first-note.yaml"],
    code: 2,
    says: "--out examples/first-note.yaml: is a file, not a folder",
  },
  {
    name: "run --json in a folder of the kernel's",
    args: ["run", "examples/first-note.yaml", "--json", "/proc/result.json"],
    code: 2,
    says: "--json /proc/result.json: cannot be written there: /proc is on proc, a virtual filesystem of the kernel",
  },
  {
    name: "mock --seed that is not a whole number",
    args: ["mock", "--seed", "1.5"],
    code: 2,
    says: '--seed takes a whole number between -2147483648 and 2147483647, got "1.5"',
  },
  {
    name: "mock --state and --stateless together",
    args: ["mock", "--state", "zq-state.json", "--stateless"],
    code: 2,
    says: "choose one of --state and --stateless",
  },
  {
    name: "run --state with --live",
    args: ["run", "zq.yaml", "--live", "--state", "zq-state.json"],
    code: 2,
    says: "--state keeps the mocks' records: it goes with --mock, not --live",
  },
  {
    name: "run --seed past 32 bits",
    args: ["run", "examples/first-note.yaml", "--seed", "4294967296"],
    code: 2,
    says: '--seed takes a whole number between -2147483648 and 2147483647, got "4294967296"',
  },
  {
    name: "run --live --seed (a seed draws mock answers)",
    args: ["run", "examples/first-note.yaml", "--live", "--seed", "3"],
    code: 2,
    says: "--seed draws the mocks' answers: it goes with --mock, not --live",
  },
  {
    name: "test --output under a file",
    args: ["test", "--output", "package.json/report.xml"],
    code: 2,
    says: /--output package\.json\/report\.xml: cannot be written there: .*package\.json is a file/,
  },
  {
    name: "call --out naming a file",
    args: ["call", "notes_list", "--out", "package.json"],
    code: 2,
    says: "no generated provider packages in package.json",
  },
  // Specs and the project's files.
  {
    name: "a manifest that is a folder",
    setup: (d) => folderAt(d, "specs/notes/manifest.yaml"),
    args: ["generate"],
    code: 2,
    says: "specs/notes/manifest.yaml:1:1: is a folder, not a file",
  },
  {
    name: "a manifest that is not UTF-8",
    setup: (d) => write(d, "specs/notes/manifest.yaml", NOT_UTF8),
    args: ["generate"],
    code: 2,
    says: "specs/notes/manifest.yaml:1:1: is not UTF-8 text: byte 0xe9 at line 1, column 10 (save it as UTF-8)",
  },
  {
    name: "a manifest that is not YAML",
    setup: (d) => write(d, "specs/notes/manifest.yaml", "provider: [notes\n"),
    args: ["generate"],
    code: 2,
    says: /specs\/notes\/manifest\.yaml:\d+:\d+: invalid YAML/,
  },
  {
    name: "an OpenAPI document that is a device (reading never ends)",
    setup: (d) => replace(d, "specs/notes/manifest.yaml", "openapi: openapi.yaml", "openapi: /dev/zero"),
    args: ["generate"],
    code: 2,
    // A file outside the project is named from it (from a project under /dev/shm, ../../../zero).
    says: (dir) => `${relative(dir, "/dev/zero")}:1:1: is not a regular file (a device, pipe or socket): give a file`,
  },
  {
    name: "a $ref to a device (its folder allowed)",
    setup: (d) => {
      replace(d, "specs/notes/openapi.yaml", "\ncomponents:\n", "\ncomponents:\n  x-zero:\n    $ref: /dev/zero\n");
      replace(d, "package.json", '"blockwright": {', '"blockwright": {\n    "externalRefFolders": ["/dev"],');
    },
    args: ["generate", "--check"],
    code: 2,
    says: (dir) => `$ref "/dev/zero" does not resolve: ${relative(dir, "/dev/zero")}: is not a regular file`,
  },
  {
    name: "a $ref outside the specs folder",
    setup: (d) =>
      replace(d, "specs/notes/openapi.yaml", "\ncomponents:\n", "\ncomponents:\n  x-zero:\n    $ref: /dev/zero\n"),
    args: ["generate", "--check"],
    code: 2,
    says: (dir) => `$ref "/dev/zero" does not resolve: ${relative(dir, "/dev/zero")} is outside the specs folder`,
  },
  {
    name: "package.json that is a folder",
    setup: (d) => folderAt(d, "package.json"),
    args: ["generate"],
    code: 2,
    says: "package.json:1:1: is a folder, not a file",
  },
  {
    name: "LICENSE that is a folder",
    setup: (d) => folderAt(d, "LICENSE"),
    args: ["generate"],
    code: 2,
    says: "LICENSE:1:1: is a folder, not a file",
  },
  {
    name: "a CHANGELOG.md that is a folder",
    setup: (d) => {
      rmSync(join(d, "generated/.blockwright-stamp.json"));
      folderAt(d, "generated/notes/CHANGELOG.md");
    },
    args: ["generate"],
    code: 2,
    says: "generated/notes/CHANGELOG.md:1:1: is a folder, not a file",
  },
  {
    name: "a folder where generate writes a file",
    setup: (d) => {
      rmSync(join(d, "generated/.blockwright-stamp.json"));
      folderAt(d, "generated/notes/index.js");
    },
    args: ["generate"],
    code: 2,
    says: "generated/notes/index.js (a folder, not a file)",
  },
  {
    name: "a stamp that is a folder",
    setup: (d) => folderAt(d, "generated/.blockwright-stamp.json"),
    args: ["generate"],
    code: 2,
    says: "--out generated: .blockwright-stamp.json is a folder",
  },
  // Size limits, checked before parsing (sparse files: the size is what counts).
  {
    name: "an OpenAPI document over the size limit",
    setup: (d) => truncateSync(join(d, "specs/notes/openapi.yaml"), 65 * 1024 * 1024),
    args: ["generate"],
    code: 2,
    says:
      "specs/notes/openapi.yaml:1:1: is 65.0 MiB, over the 64 MiB limit for an OpenAPI or published API " +
      "document: refused before parsing",
  },
  {
    name: "a manifest over the size limit",
    setup: (d) => truncateSync(join(d, "specs/notes/manifest.yaml"), 5 * 1024 * 1024),
    args: ["generate"],
    code: 2,
    says:
      "specs/notes/manifest.yaml:1:1: is 5.0 MiB, over the 4 MiB limit for a manifest, " +
      "workflow or configuration file: refused before parsing",
  },
  {
    name: "a published document over the size limit",
    setup: (d) => {
      pin(d);
      write(d, "new.yaml", "");
      truncateSync(join(d, "new.yaml"), 65 * 1024 * 1024);
    },
    args: ["upstream", "notes", "new.yaml"],
    code: 2,
    says: "new.yaml: is 65.0 MiB, over the 64 MiB limit",
  },
  // diff.
  {
    name: "diff --base-dir naming a file",
    args: ["diff", "--base-dir", "package.json"],
    code: 2,
    says: "package.json is a file, not a folder of generated packages",
  },
  {
    name: "diff --base-dir with a surface.json that is not JSON",
    setup: (d) => write(d, "base/notes/surface.json", "{"),
    args: ["diff", "--base-dir", "base"],
    code: 2,
    says: /base\/notes\/surface\.json: invalid JSON \(.*\): restore it, or generate it again/,
  },
  {
    name: "diff --base-dir with a surface.json of another shape",
    setup: (d) => write(d, "base/notes/surface.json", "[]"),
    args: ["diff", "--base-dir", "base"],
    code: 2,
    says: /base\/notes\/surface\.json: not a package surface \(not a JSON object\)/,
  },
  {
    name: "diff --workflows over the size limit",
    setup: (d) => {
      mkdirSync(join(d, "base"));
      write(d, "big.yaml", `x: '${"a".repeat(5 * 1024 * 1024)}'\n`);
    },
    args: ["diff", "--base-dir", "base", "--workflows", "big.yaml"],
    code: 2,
    says:
      "--workflows: big.yaml: is 5.0 MiB, over the 4 MiB limit for a manifest, workflow or configuration file: " +
      "refused before parsing",
  },
  // upstream.
  {
    name: "upstream with a source.yaml naming no file",
    setup: (d) => {
      write(d, "specs/notes/upstream/source.yaml", "file: 5\nsha256: 6\n");
      write(d, "new.yaml", "openapi: 3.0.3\npaths: {}\n");
    },
    args: ["upstream", "notes", "new.yaml"],
    code: 2,
    says: "specs/notes/upstream/source.yaml: needs file and sha256, each a string (got file: 5, sha256: 6)",
  },
  {
    name: "upstream with a newer document of odd shapes (parts of the wrong type read as absent)",
    setup: (d) => {
      pin(d);
      write(
        d,
        "new.yaml",
        "openapi: 3.0.3\npaths:\n  /x: 5\n  /notes:\n    parameters: 3\n    get: {parameters: 5, responses: 6}\n",
      );
    },
    args: ["upstream", "notes", "new.yaml"],
    code: 0,
    says: /^notes: 0 changes to the operations we call/m,
  },
  // Workflows, env files, generated packages.
  {
    name: "a workflow that is a device",
    args: ["validate", "/dev/zero"],
    code: 2,
    says: "/dev/zero: is not a regular file (a device, pipe or socket): give a file",
  },
  {
    name: "a workflow that is not UTF-8",
    setup: (d) => write(d, "w.yaml", NOT_UTF8),
    args: ["validate", "w.yaml"],
    code: 2,
    says: "w.yaml: is not UTF-8 text: byte 0xe9 at line 1, column 10 (save it as UTF-8)",
  },
  {
    name: "an --env-file that is a device",
    args: ["validate", "examples/first-note.yaml", "--env-file", "/dev/zero"],
    code: 2,
    says: "--env-file: cannot read /dev/zero (is not a regular file (a device, pipe or socket): give a file)",
  },
  {
    name: "an --env-file over the size limit",
    setup: (d) => write(d, "big.env", `A=${"a".repeat(2 * 1024 * 1024)}\n`),
    args: ["validate", "examples/first-note.yaml", "--env-file", "big.env"],
    code: 2,
    says:
      "--env-file: cannot read big.env (is 2.0 MiB, over the 1 MiB limit for an --env-file: " +
      "refused before parsing)",
  },
  {
    name: "a generated surface.json that is not JSON",
    setup: (d) => write(d, "generated/notes/surface.json", "{"),
    args: ["validate", "examples/first-note.yaml", "--mock"],
    code: 2,
    says: /generated\/notes\/surface\.json: invalid JSON/,
  },
  {
    name: "a generated index.js that does not load",
    setup: (d) => write(d, "generated/notes/index.js", "export const = ;\n"),
    args: ["tools", "--format", "openai"],
    code: 2,
    says: /generated\/notes\/index\.js cannot be loaded \(.*\): run blockwright generate/,
  },
  {
    name: "a generated index.js that is gone",
    setup: (d) => rmSync(join(d, "generated/notes/index.js")),
    args: ["call", "notes_list"],
    code: 2,
    says: /generated\/notes\/index\.js cannot be loaded/,
  },
  {
    name: "a generated package whose runtime is not installed (npm install, not generate, helps)",
    setup: (d) => rmSync(join(d, "node_modules"), { recursive: true }),
    args: ["test", "--list"],
    code: 2,
    processOnly: true,
    says: new RegExp(
      String.raw`generated\/notes\/index\.js cannot be loaded \(Cannot find package '@blockwright\/runtime'.*\):` +
        String.raw` @blockwright\/runtime is not installed: run npm install in the project \(its package\.json` +
        String.raw` depends on @blockwright\/runtime\)\n$`,
    ),
  },
  {
    name: "a generated index.js exporting no provider",
    setup: (d) => write(d, "generated/notes/index.js", "export const x = 1;\n"),
    args: ["test", "--list"],
    code: 2,
    says: /generated\/notes\/index\.js exports no provider: run blockwright generate/,
  },
  // Mocks built from a spec that cannot be read.
  {
    name: "mock of an OpenAPI document that is not YAML",
    setup: (d) => write(d, "specs/notes/openapi.yaml", "openapi: [3\n"),
    args: ["mock"],
    code: 2,
    says: new RegExp(
      'the OpenAPI document of "notes" has 1 problem, as generation' +
        String.raw` reports:\nspecs\/notes\/openapi\.yaml:\d+:\d+: invalid YAML`,
    ),
  },
  {
    name: "run on a mock of an OpenAPI document that is a folder",
    setup: (d) => folderAt(d, "specs/notes/openapi.yaml"),
    args: ["run", "examples/first-note.yaml"],
    code: 2,
    says:
      'the OpenAPI document of "notes" has 1 problem, as generation reports:\nspecs/notes/openapi.yaml:1:1: ' +
      "is a folder, not a file",
  },
  // Nesting past 100 levels (10,000 here): walkers of values ran out of stack (exit 70).
  {
    name: "call --params with an array nested 10,000 deep",
    args: ["call", "notes_list", "--params", `{"q":${"[".repeat(10_000)}1${"]".repeat(10_000)}}`],
    code: 2,
    says:
      "--params: q is nested more than 100 levels deep (rule: depth; arrays and objects may nest at most 100 " +
      "levels), got a value nested deeper at q/0/0/…/0/0",
  },
  {
    name: "call --params with an object nested 10,000 deep",
    args: ["call", "notes_list", "--params", `{"q":${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}}`],
    code: 2,
    says: "--params: q is nested more than 100 levels deep (rule: depth",
  },
  {
    // An invalid workflow: validate's exit status 1, as for any problem of the workflow.
    name: "a workflow whose block input nests 10,000 deep",
    args: ["validate", "examples/first-note.yaml"],
    setup: (dir) =>
      replace(
        dir,
        "examples/first-note.yaml",
        "title: Call the plumber",
        `title: ${"[".repeat(10_000)}1${"]".repeat(10_000)}`,
      ),
    code: 1,
    says: new RegExp(
      String.raw`examples\/first-note\.yaml:\d+:\d+: refused: the value there is nested more than 100 levels deep` +
        String.raw` \(rule: depth`,
    ),
  },
  {
    name: "a manifest nesting 101 levels as JSON-style YAML",
    args: ["generate"],
    setup: (dir) =>
      write(
        dir,
        "specs/notes/manifest.yaml",
        `${readFileSync(join(dir, "specs/notes/manifest.yaml"), "utf8")}\nx-deep: ${"{a: ".repeat(101)}1` +
          `${"}".repeat(101)}\n`,
      ),
    code: 2,
    says: /specs\/notes\/manifest\.yaml:\d+:\d+: refused: the value there is nested more than 100 levels deep/,
  },
  // Where init writes.
  { name: "init into a file", args: ["init", "package.json"], code: 2, says: "package.json: is a file, not a folder" },
  {
    name: "init under /proc (Node's recursive mkdir spun there)",
    args: ["init", "/proc/x"],
    code: 2,
    says: "/proc/x: is on proc, a virtual filesystem of the kernel (/proc), where no project files can be written",
  },
  {
    name: "init under /sys",
    args: ["init", "/sys/x"],
    code: 2,
    says: "/sys/x: is on sysfs, a virtual filesystem of the kernel (/sys)",
  },
];

/**
 * Run the built command in a copy of the project; a command that does not end in time is killed (and fails the case).
 */
function spawnIn(dir: string, args: string[]): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const path = [dirname(process.execPath), process.env.PATH ?? ""].join(delimiter);
  return new Promise((resolve) => {
    const child = spawn(join(ROOT, "bin/blockwright.js"), args, {
      cwd: dir,
      env: { PATH: path },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 240_000,
      killSignal: "SIGKILL",
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stderr, stdout }));
  });
}

/** The case's command on a copy of the project, in-process or as the built command's process. */
async function runCase(c: Case, asProcess: boolean) {
  const dir = mkdtempSync(join(tmp, "case-"));
  cpSync(project, dir, { recursive: true, verbatimSymlinks: true });
  c.setup?.(dir);
  const r = asProcess ? await spawnIn(dir, c.args) : await cli(c.args, { cwd: dir, env: {}, startMocks });
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  expect(r.code, r.stderr).toBe(c.code);
  // Messages go to stderr; a report (upstream's) to stdout.
  const said = r.stderr + r.stdout;
  const says = typeof c.says === "function" ? c.says(dir) : c.says;
  if (typeof says === "string") expect(said).toContain(says);
  else expect(said).toMatch(says);
}

describe.concurrent("bad input to every command", () => {
  it.each(CASES.filter((c) => !c.processOnly).map((c) => [c.name, c] as const))("%s", async (_, c) =>
    runCase(c, false),
  );
});

/**
 * Cases whose process could outlive the command (mocks started from a spec that cannot be read, a device that never
 * ends), and those only a process shows.
 */
const AS_PROCESS = [
  "mock of an OpenAPI document that is not YAML",
  "run on a mock of an OpenAPI document that is a folder",
  "an OpenAPI document that is a device (reading never ends)",
  ...CASES.filter((c) => c.processOnly).map((c) => c.name),
];

describe.concurrent("bad input to the built command as a process", () => {
  it.each(AS_PROCESS.map((name) => [name, CASES.find((c) => c.name === name)!] as const))(
    "%s: refused, and the process ends",
    async (_, c) => runCase(c, true),
  );
});
