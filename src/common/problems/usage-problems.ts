// The problems of the command line's usage, BW3xxx:
// rows of the problems' table, joined with the other areas' in src/common/problem-codes.ts.
import type { ProblemInfo } from "./problem-info.js";

export const USAGE_PROBLEMS = {
  BW3001: {
    meaning: "An option is unknown, or given without the value it needs (or with one it does not take).",
    example: "unknown option --provder (did you mean --provider?)",
    fix: "Correct the option; `blockwright <command> --help` lists them.",
  },
  BW3002: {
    meaning: "An argument is missing, or one too many is given.",
    example: "missing <workflow>",
    fix: "Give the arguments the command's usage line names.",
  },
  BW3003: {
    meaning: "An option's value is not of the form it takes.",
    example: '--shard takes i/n with 1 ≤ i ≤ n, e.g. 1/3, got "4/3"',
    fix: "Give a value of the form the message shows.",
  },
  BW3004: {
    meaning: "Options that exclude each other are given together, or one is given without the one it goes with.",
    example: "choose one of --mock and --live",
    fix: "Drop one, or add the option named.",
  },
  BW3005: {
    meaning: "No such provider, no specs folder, or no generated packages to use.",
    example: 'unknown provider "zqfo" (did you mean "zqfoo"?) (providers: zqfoo, zqbar)',
    fix: "Name a provider of the project; run `blockwright init` or `blockwright generate` first when there are none.",
  },
  BW3006: {
    meaning: "No such operation, parameter, trigger or example of one.",
    example: 'unknown operation "zqfoo_lst" (did you mean "zqfoo_list"?) (operations: zqfoo_list, zqfoo_get)',
    fix: "Use a name the message suggests or lists (`blockwright tools` lists every operation).",
  },
  BW3007: {
    meaning:
      "A file or folder the command reads or writes cannot be used (missing, a folder, a symbolic link, not writable).",
    example: "--output graph.svg: cannot be written (EACCES)",
    fix: "Name a usable file or folder; Blockwright never writes through a symbolic link.",
  },
  BW3008: {
    meaning: "A secret is given in plain text, or the environment variable it refers to is not set.",
    example: "token: environment variable ZQ_TOKEN is not set",
    fix: "Pass secrets as references, `token={{ZQ_TOKEN}}`, and set the variable (or `--env-file`).",
  },
  BW3009: {
    meaning: "Standard input cannot be used as the option's value.",
    example: "--params -: standard input is not UTF-8 text",
    fix: "Pipe UTF-8 text within the size limit, or pass a file.",
  },
  BW3010: {
    meaning:
      "A file the command was given is not what it takes (a connection config, a recording, a test report, " +
      "a published document).",
    example: "--replay recordings: recordings/zqfoo.json is not a recording",
    fix: "Give the file the option names; the message says what is wrong with this one.",
  },
  BW3011: {
    meaning: "Something the command needs from outside is not available (a port for a mock, a git ref, a registry).",
    example: "port 4010 is in use",
    fix: "Free the resource, or choose another (`--port`, `--base`).",
  },
  BW3012: {
    meaning: "The command has nothing it may do with what it was given.",
    example:
      "nothing to call: zqfoo_delete may change data, and verify calls only what reads unless --allow-writes names it",
    fix: "Widen what the command may do as the message says.",
  },
  BW3013: {
    meaning:
      "A package to publish could not be installed from the registry it goes to: " +
      "a dependency the registry has no version of in the range, or a path on this machine.",
    example:
      "@acme/notes@0.1.0 depends on @blockwright/runtime@^0.3.0, which the registry cannot give (it has " +
      "0.2.0): publish @blockwright/runtime there first, or depend on a version it has",
    fix:
      "Publish the dependency first (a workspace package goes before what depends on it), " +
      "or depend on a version range the registry has; `blockwright init --link` is for local work only.",
  },
  BW3014: {
    meaning:
      "npm would refuse the package's provenance: it names no repository, or another one than the GitHub " +
      "repository the workflow runs in.",
    example: '@acme/notes@0.1.0 has no "repository" in its package.json, and npm refuses provenance without one (E422)',
    fix:
      "Name the project's repository in its package.json (`generate` copies it into every package), " +
      "as its GitHub address.",
  },
} as const satisfies Record<`BW3${number}`, ProblemInfo>;
