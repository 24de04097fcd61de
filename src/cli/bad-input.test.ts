// Bad input to every command, as a user meets it: each is refused with a
// clear message naming the input, and the exit status the command's help
// gives, never "internal error" (exit 70), a stack trace, or a command that
// never ends (test-support/cli/bad-input.ts runs the cases). Here the flags, the
// specs and the project's files, size limits, diff and upstream; workflows,
// env files, mocks, nesting and init: bad-input-workflows.test.ts.
import { mkdirSync, rmSync, truncateSync } from "node:fs";
import { join, relative } from "node:path";
import {
  type Case,
  describeBadInput,
  folderAt,
  NOT_UTF8,
  pin,
  replace,
  write,
} from "../../test-support/cli/bad-input.js";

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
    name: "call --base-url that is no address",
    args: ["call", "notes_list", "--base-url", "zq-not-an-address"],
    code: 2,
    says: '--base-url must be an absolute address such as https://api.example.com, got "zq-not-an-address"',
  },
  {
    name: "call --base-url over http to a remote host",
    args: ["call", "notes_list", "--base-url", "http://zq.example.com"],
    code: 2,
    says: '--base-url must use https (http is allowed only for loopback hosts), got "http://zq.example.com"',
  },
  {
    name: "call --base-url with credentials in it",
    args: ["call", "notes_list", "--base-url", "https://zq:zqpass123@zq.example.com"],
    code: 2,
    says: "--base-url must not contain credentials, got (address with credentials withheld)",
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
    setup: (d) => truncateSync(join(d, "specs/notes/manifest.yaml"), 129 * 1024 * 1024),
    args: ["generate"],
    code: 2,
    says: "specs/notes/manifest.yaml:1:1: is 129.0 MiB, over the 128 MiB limit for a manifest: refused before parsing",
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
    // Every package would be new, its version the same, and --fail-on breaking passed.
    name: "diff --base-dir naming a folder of other files, no generated package in it",
    setup: (d) => write(d, "other/dir/notes/case.json", "{}"),
    args: ["diff", "--base-dir", "other", "--fail-on", "breaking"],
    code: 2,
    says: "other is not a folder of generated packages (no <provider>/surface.json in it)",
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
      "--workflows: big.yaml: is 5.0 MiB, over the 4 MiB limit for a workflow or configuration file: " +
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
    name: "upstream given the newer document as an address",
    args: ["upstream", "notes", "https://zq.example.com/openapi.json"],
    code: 2,
    says:
      "https://zq.example.com/openapi.json: upstream reads the newer document from a file, it does not fetch an " +
      "address: download it (curl -fsSLo newer.json 'https://zq.example.com/openapi.json') and give the file, with " +
      "--accept --source 'https://zq.example.com/openapi.json' to record where it came from",
  },
  {
    name: "upstream --source without --accept",
    setup: (d) => write(d, "new.yaml", "openapi: 3.0.3\npaths: {}\n"),
    args: ["upstream", "notes", "new.yaml", "--source", "https://zq.example.com/openapi.json"],
    code: 2,
    says: "--source goes with --accept: it records where the document --accept pins came from",
  },
  {
    name: "upstream --source of more than one line",
    setup: (d) => write(d, "new.yaml", "openapi: 3.0.3\npaths: {}\n"),
    args: ["upstream", "notes", "new.yaml", "--accept", "--source", "https://zq.example.com/a\nzq: b"],
    code: 2,
    says: '--source takes one line of text, the address the document came from, got "https://zq.example.com/a\\nzq: b"',
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
];

/** Cases whose process could outlive the command (a device that never ends). */
describeBadInput(CASES, ["an OpenAPI document that is a device (reading never ends)"]);
