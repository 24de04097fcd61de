// What the DECISIONS tests share (decisions*.contract.test.ts, one file per subject): the made-up credentials each
// provider is called with, the CRM's instance and a record id of its, document generation's minimal input, and the
// check of an input refused before any request; a provider's pinned published document.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { parse } from "yaml";
import type { ToolError } from "@blockwright/runtime/internal";
import { type Captured, expectFailure, mockUrl } from "../test-support/harness.js";
import { SPECS_DIR } from "../test-support/repo.js";

export const GAMMA = "sk-gamma-decisions-0001";
export const PDL = "pdl-decisions-key-0001";
export const GRAPH = "graph-decisions-token-0001";
export const BOOKS = "AIzaDecisionsKey0001";
export const SF = "00Ddecisions!token.0001";
export const ACCOUNT_ID = "001D000000IqhSLIAZ";
export const crm = () => ({ apiKey: SF, instanceUrl: mockUrl("crm") });
export const generate = { apiKey: GAMMA, inputText: "Decisions", textMode: "generate" };

/** Refused before any request, with exactly this parameter, rule and message. */
export function expectRefused(
  r: { result: Parameters<typeof expectFailure>[0]; calls: Captured[] },
  param: string,
  rule: string,
  message: unknown,
): ToolError {
  expect(r.calls).toHaveLength(0);
  const error = expectFailure(r.result);
  expect(error).toMatchObject({ type: "validation", param, rule, message });
  return error;
}

/** The document the provider publishes, as pinned in its specs folder (upstream/published.yaml). */
export const published = (provider: string) =>
  parse(readFileSync(join(SPECS_DIR, provider, "upstream/published.yaml"), "utf8"));
