// The request's Accept (src/link/accept.ts, its record in records-operations.ts):
// linked where an operation's 2xx answers declare JSON beside another type,
// and only there.
import { describe, expect, it } from "vitest";
import { linkWild } from "../../test-support/link-wild.js";

const answers = (find: string, replace: string) => ({ file: "openapi.yaml", find, replace });

describe("an operation whose answers declare JSON beside another media type", () => {
  it("asks for the JSON ones (XML listed first), without their parameters, its errors' too; an operation answering JSON alone sends no Accept of its own", async () => {
    const xmlFirst = answers(
      "          description: A page of customers.\n          content:\n            application/json:\n",
      "          description: A page of customers.\n          content:\n            application/xml:\n              schema: { type: string }\n            application/json; charset=utf-8:\n",
    );
    const problemJson = answers('        application/json:\n          schema: { $ref: "#/components/schemas/Error" }', '        application/problem+json:\n          schema: { $ref: "#/components/schemas/Error" }');
    const linked = await linkWild("zqpayments", [xmlFirst, problemJson]);
    if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
    const accepts = Object.fromEntries(linked.ir.operations.map((o) => [o.tool.id, o.tool.accept]));
    expect(accepts).toMatchObject({ zqpayments_list_customers: "application/json, application/problem+json", zqpayments_create_customer: undefined });
  });
});
