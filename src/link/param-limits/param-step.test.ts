// A number parameter's step (`multipleOf`: an offset that moves by pages of
// 20, as published documents state it): taken from the spec, never looser
// than the spec's, sane against the parameter's bounds, checked before any
// request and described to models.
import { toLlmTool, validateParams, type ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { type Edit, linkWild } from "../../../test-support/link-wild.js";

async function linked(edits: Edit[]): Promise<{ tool?: ToolSpec; problems: string[] }> {
  const result = await linkWild("tracker", edits);
  if (!("ir" in result)) return { problems: result.problems };
  return { tool: result.ir.operations.find((o) => o.tool.id === "tracker_list_issues")?.tool, problems: [] };
}

// The spec's per_page moves by 10; the manifest's perPage says so, or not, or otherwise.
const specStep = {
  file: "openapi.yaml",
  find: "schema: { type: integer, minimum: 1, maximum: 100, default: 30 }",
  replace: "schema: { type: integer, minimum: 10, maximum: 100, multipleOf: 10, default: 30 }",
};
const manifestStep = (step?: number, min = 10) => ({
  find: "        minimum: 1\n        maximum: 100\n        description: Issues per page, 1 to 100.\n",
  replace:
    `        minimum: ${min}\n        maximum: 100\n${step === undefined ? "" : `        multipleOf: ${step}\n`}` +
    `        description: Issues per page, by tens.\n`,
});
const input = (perPage: unknown) => ({ token: "bw-test-token-0001", owner: "octo", repo: "hello", perPage });

describe("a number's step (multipleOf)", () => {
  it(
    "as the spec's, or a multiple of it: linked, each " + "value checked before any request (field, rule, value)",
    async () => {
      for (const step of [10, 20]) {
        const { tool, problems } = await linked([specStep, manifestStep(step, 20)]);
        expect(problems).toEqual([]);
        expect(tool?.params.find((p) => p.name === "perPage")?.multipleOf).toBe(step);
        expect(validateParams(tool!, input(40))).toMatchObject({ ok: true });
        expect(validateParams(tool!, input(35))).toEqual({
          ok: false,
          issues: [{ param: "perPage", rule: "multipleOf", message: `perPage: must be a multiple of ${step}, got 35` }],
        });
      }
    },
  );

  it("left out where the spec states one, or not a multiple of the spec's: refused at its place", async () => {
    expect((await linked([specStep, manifestStep()])).problems).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^specs\/tracker\/manifest\.yaml:\d+:\d+: operations\.tracker_list_issues\.params\.perPage: ` +
            String.raw`multipleOf \(none\) is looser than query parameter "per_page"'s multipleOf 10 in ` +
            String.raw`specs\/tracker\/openapi\.yaml$`,
        ),
      ),
    ]);
    expect((await linked([specStep, manifestStep(5)])).problems).toEqual([
      expect.stringMatching(
        /params\.perPage\.multipleOf: multipleOf 5 is looser than query parameter "per_page"'s multipleOf 10/,
      ),
    ]);
    expect((await linked([specStep, manifestStep(15)])).problems).toEqual([
      expect.stringMatching(/params\.perPage\.multipleOf: multipleOf 15 is looser than/),
    ]);
  });

  it("with no multiple between the bounds, or on a string: refused at its place", async () => {
    const between = {
      find: "        minimum: 1\n        maximum: 100\n",
      replace: "        minimum: 1\n        maximum: 9\n        multipleOf: 10\n",
    };
    expect((await linked([between])).problems).toEqual([
      expect.stringMatching(/params\.perPage\.multipleOf: no multiple of 10 lies between minimum 1 and maximum 9$/),
    ]);
    const onText = {
      find: "        maxLength: 1000\n        placeholder: bug,ui\n",
      replace: "        maxLength: 1000\n        multipleOf: 2\n        placeholder: bug,ui\n",
    };
    expect((await linked([onText])).problems).toContainEqual(
      expect.stringMatching(/multipleOf applies to number parameters, not string$/),
    );
  });

  it("taken from the spec with limitsFromSpec, and given to models in the tool's schema", async () => {
    const fromSpec = { find: "        minimum: 1\n        maximum: 100\n", replace: "        limitsFromSpec: true\n" };
    const { tool, problems } = await linked([specStep, fromSpec]);
    expect(problems).toEqual([]);
    const param = tool?.params.find((p) => p.name === "perPage");
    expect(param).toMatchObject({ minimum: 10, maximum: 100, multipleOf: 10 });
    expect(toLlmTool(tool!, "openai").function.parameters.properties?.perPage).toMatchObject({
      minimum: 10,
      maximum: 100,
      multipleOf: 10,
    });
  });
});
