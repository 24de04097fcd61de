// Bad input to the commands that take workflows, env files, mocks and a
// folder to init, as a user meets it (the rest: bad-input.test.ts): each is
// refused with a clear message naming the input and the exit status the
// command's help gives, never "internal error" (exit 70), a stack trace, or
// a command that never ends (test-support/cli/bad-input.ts runs the cases).
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type Case, describeBadInput, folderAt, NOT_UTF8, replace, write } from "../../test-support/cli/bad-input.js";

const CASES: Case[] = [
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
    // The run's cases load the package in a worker thread, which reported it as an internal error with its stack.
    name: "a generated package whose runtime is not installed, the suite run (its worker loads it)",
    setup: (d) => rmSync(join(d, "node_modules"), { recursive: true }),
    args: ["test"],
    code: 2,
    processOnly: true,
    says: new RegExp(
      String.raw`^blockwright test: linking the specs of 1 provider…
blockwright test: \S+generated\/notes\/index\.js ` +
        String.raw`cannot be loaded \(Cannot find package '@blockwright\/runtime'.*\): @blockwright\/runtime is not ` +
        String.raw`installed: run npm install in the project \(its package\.json depends on @blockwright\/runtime\)
$`,
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

/** Cases whose process could outlive the command (mocks started from a spec that cannot be read). */
describeBadInput(CASES, [
  "mock of an OpenAPI document that is not YAML",
  "run on a mock of an OpenAPI document that is a folder",
]);
