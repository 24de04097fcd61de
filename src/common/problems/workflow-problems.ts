// The problems of workflows, BW4xxx:
// rows of the problems' table, joined with the other areas' in src/common/problem-codes.ts.
import type { ProblemInfo } from "./problem-info.js";

export const WORKFLOW_PROBLEMS = {
  BW4001: {
    meaning: "A block names a block type or operation no generated package has.",
    example: 'fetch: unknown block type "zqfoo_v2" (block types: zqfoo)',
    fix: "Use a block type and operation the message lists (`blockwright tools` prints them).",
  },
  BW4002: {
    meaning: "A connection is unusable: to an unknown block, to itself, or closing a cycle.",
    example: "connections form a cycle: a → b → a",
    fix: "Connect blocks so that data flows one way.",
  },
  BW4003: {
    meaning: "A block's input is unknown, missing, or breaks the parameter's rules.",
    example: 'fetch: zqfoo_list needs parameter "account" (the account to list)',
    fix: "Give the inputs the operation takes, within their rules.",
  },
  BW4004: {
    meaning: "A secret is written into the workflow, or the environment variable it refers to is not set.",
    example: 'fetch.token: a secret must be given as a reference to an environment variable, e.g. "{{MY_SECRET}}"; …',
    fix: "Write `{{ENV_VAR}}` and set the variable.",
  },
  BW4005: {
    meaning: "A reference `{{block.output}}` names an unknown block, one not upstream, or an output of the wrong type.",
    example: 'deck: {{fetch.items}} refers to "fetch", which is not upstream of "deck" (connect fetch → … → deck)',
    fix: "Connect the blocks, or correct the reference.",
  },
  BW4006: {
    meaning: "A block's settings (polling, mock, pages) do not apply to its operation.",
    example:
      "fetch: zqfoo_get returns one page only, so it takes no maxPages (operations that page declare pagination)",
    fix: "Remove the setting, or meet the floor the message names.",
  },
  BW4007: {
    meaning:
      "A trigger block is unusable: an unknown trigger, a second trigger, a block connected to it, " +
      "or an input it does not take.",
    example: "start: a trigger block starts the workflow, so no block may connect to it (connected from: fetch)",
    fix: "Keep one trigger block, first, with only `trigger` and its secret as inputs.",
  },
} as const satisfies Record<`BW4${number}`, ProblemInfo>;
