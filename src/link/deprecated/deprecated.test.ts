// `deprecated`: required where the OpenAPI operation is deprecated, carried in
// the tool definition, told to models at the end of the tool's description.
import { toLlmTool } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { linkWild } from "../../../test-support/link-wild.js";

const upstreamDeprecates = {
  file: "openapi.yaml",
  find: "      operationId: issues/create\n",
  replace: "      operationId: issues/create\n      deprecated: true\n",
};
const note = "Use tracker_open_issue instead; this goes away in version 2.";
const manifestSays = {
  find: "    title: Create issue\n",
  replace: `    title: Create issue\n    deprecated: "${note}"\n`,
};

describe("an operation's deprecation (deprecated)", () => {
  it("must be told to users where the OpenAPI operation is deprecated", async () => {
    const linked = await linkWild("tracker", [upstreamDeprecates]);
    expect(linked).toEqual({
      problems: [
        expect.stringMatching(
          new RegExp(
            String.raw`^specs\/tracker\/manifest\.yaml:93:18: operations\.tracker_create_issue\.operationId: ` +
              String.raw`operation "issues\/create" is deprecated in specs\/tracker\/openapi\.yaml: tell the tool's ` +
              "users, with deprecated: <why, and what to use instead>$",
          ),
        ),
      ],
    });
  });

  it("travels in the tool definition, and models read it last in the description", async () => {
    const linked = await linkWild("tracker", [upstreamDeprecates, manifestSays]);
    if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
    const tools = linked.ir.operations.map((o) => o.tool);
    const create = tools.find((t) => t.id === "tracker_create_issue")!;
    expect(create.deprecated).toBe(note);
    expect(toLlmTool(create, "mcp").description).toBe(`Open an issue in a repository. Deprecated: ${note}`);
    // The others are not: no key at all (the IR of every other tool is unchanged).
    expect(tools.filter((t) => t.id !== create.id).every((t) => !("deprecated" in t))).toBe(true);
  });

  it(
    "may be declared where the upstream does not deprecate " + "the operation (the provider retires the tool)",
    async () => {
      const linked = await linkWild("tracker", [manifestSays]);
      expect(
        "ir" in linked && linked.ir.operations.find((o) => o.tool.id === "tracker_create_issue")?.tool.deprecated,
      ).toBe(note);
    },
  );
});
