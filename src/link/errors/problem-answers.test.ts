// An operation that declares an error answer as an RFC 9457 problem
// (application/problem+json) says so in the IR (OperationIR.problemAnswers),
// and its package reads problems (the runtime's `problems: problemDetails`).
import { describe, expect, it } from "vitest";
import { linkWild } from "../../../test-support/link-wild.js";
import { supportParts } from "../../emit/emit-client.js";

const asProblem = {
  file: "openapi.yaml",
  find:
    '        "403":\n          description: Forbidden.\n          content:\n            ' +
    "application/vnd.tracker+json:",
  replace:
    '        "403":\n          description: Forbidden.\n          content:\n            application/problem+json:',
};

describe("problem+json error answers (problemAnswers)", () => {
  it("mark the operation that declares one, and give the package the problems part", async () => {
    const linked = await linkWild("tracker", [asProblem]);
    if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
    const marked = linked.ir.operations.filter((o) => o.problemAnswers).map((o) => o.tool.id);
    expect(marked).toEqual(["tracker_create_issue"]);
    const parts = (ops: typeof linked.ir.operations) =>
      supportParts(
        ops.map((o) => o.tool),
        ops.some((o) => o.problemAnswers),
      ).map((p) => p.key);
    expect(parts(linked.ir.operations)).toContain("problems");
  });

  it("are absent from an IR whose operations declare none (no key at all)", async () => {
    const linked = await linkWild("tracker", []);
    if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
    expect(linked.ir.operations.some((o) => "problemAnswers" in o)).toBe(false);
  });
});
