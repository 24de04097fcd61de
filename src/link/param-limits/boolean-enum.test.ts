// A boolean parameter's enum (`[true]`: a confirmation the service takes only as true, as a published document's
// `{type: boolean, enum: [true]}` says): stated as booleans, held to the spec's enum (one of both restricts nothing),
// taken by `limitsFromSpec`, and checked before any request; texts or values the spec refuses are refused at their
// place in the manifest.
import { validateParams, type ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { type Edit, linkWild } from "../../../test-support/link-wild.js";

const specConfirm = (values: string): Edit => ({
  file: "openapi.yaml",
  find: "        - name: per_page\n",
  replace:
    `        - name: zqconfirm\n          in: query\n          schema: { type: boolean, enum: ${values} }\n` +
    "        - name: per_page\n",
});
const manifestConfirm = (limits: string): Edit => ({
  find: "      perPage:\n",
  replace:
    "      zqconfirm:\n        type: boolean\n        description: Confirms the listing.\n" +
    `${limits}        wire: { in: query }\n      perPage:\n`,
});

async function linked(edits: Edit[]): Promise<{ tool?: ToolSpec; problems: string[] }> {
  const result = await linkWild("tracker", edits);
  if ("problems" in result) return { problems: result.problems };
  return { tool: result.ir.operations.find((o) => o.tool.id === "tracker_list_issues")?.tool, problems: [] };
}

function confirmParam(tool: ToolSpec | undefined) {
  return tool?.params.find((p) => p.name === "zqconfirm");
}

function check(tool: ToolSpec | undefined, zqconfirm: unknown) {
  const checked = validateParams(tool!, { token: "bw-test-token-0001", owner: "octo", repo: "hello", zqconfirm });
  return checked.ok ? [] : checked.issues;
}

describe("a boolean parameter's enum", () => {
  it("[true] links against the spec's [true] and refuses false before any request", async () => {
    const { tool, problems } = await linked([specConfirm("[true]"), manifestConfirm("        enum: [true]\n")]);
    expect(problems).toEqual([]);
    expect(confirmParam(tool)?.enum).toEqual([true]);
    expect(check(tool, true)).toEqual([]);
    expect(check(tool, false)).toEqual([
      { param: "zqconfirm", rule: "enum", message: "zqconfirm: must be true, got false" },
    ]);
  });

  it("meets a spec that lists its value as text (JSON's quotes)", async () => {
    const { problems } = await linked([specConfirm('["true"]'), manifestConfirm("        enum: [true]\n")]);
    expect(problems).toEqual([]);
  });

  it("is taken from the spec by limitsFromSpec, as a boolean; one of both values is taken as none", async () => {
    const fromSpec = manifestConfirm("        limitsFromSpec: true\n");
    const one = await linked([specConfirm('["true"]'), fromSpec]);
    expect(confirmParam(one.tool)?.enum).toEqual([true]);
    const both = await linked([specConfirm("[true, false]"), fromSpec]);
    expect(both.problems).toEqual([]);
    expect(confirmParam(both.tool)?.enum).toBeUndefined();
  });

  it("a value the spec does not allow, a text, or a default outside it is refused at its place", async () => {
    const { problems: other } = await linked([specConfirm("[true]"), manifestConfirm("        enum: [false]\n")]);
    expect(other).toEqual([
      expect.stringMatching(
        /params\.zqconfirm\.enum: enum values false are not accepted by query parameter "zqconfirm" .*: true\)$/,
      ),
    ]);
    const { problems: text } = await linked([specConfirm("[true]"), manifestConfirm('        enum: ["true"]\n')]);
    expect(text).toEqual([
      expect.stringMatching(
        /params\.zqconfirm\.enum\.0: enum values of a boolean parameter must be booleans, got "true"$/,
      ),
      // A text is no boolean the spec allows either.
      expect.stringMatching(/params\.zqconfirm\.enum: enum values "true" are not accepted/),
    ]);
    const { problems: fallback } = await linked([
      specConfirm("[true]"),
      manifestConfirm("        enum: [true]\n        default: false\n"),
    ]);
    expect(fallback).toEqual([
      expect.stringMatching(/params\.zqconfirm\.default: default false breaks the parameter's rules: .*must be true/),
    ]);
  });
});
