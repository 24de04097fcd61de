// A format that names the schema's own type (`format: string` on a string) says no more than the type: add drafts no
// format and notes none as one a manifest cannot state (formats/draft-format.ts, withFormat).
import { rmSync } from "node:fs";
import { afterAll, expect, it } from "vitest";
import { draftWorkFolder, drafted, notesAt, openapi, reply, type Json } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const withParams = (parameters: Json[]) =>
  openapi({
    "/items/{id}": {
      get: {
        operationId: "getItem",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }, ...parameters],
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
      },
    },
  });

it("says nothing of a format naming the type itself (`format: string` on a string)", () => {
  const d = drafted(
    withParams([
      { name: "zqNum", in: "query", description: "A zq number.", schema: { type: "string", format: "string" } },
      { name: "zqCount", in: "query", description: "A zq count.", schema: { type: "integer", format: "Integer" } },
    ]),
    ["getItem"],
  );
  const params = d.manifest.operations.acme_get_item!.params!;
  expect(params.zqNum).toEqual({
    type: "string",
    description: "A zq number.",
    maxLength: 1000,
    wire: { in: "query" },
  });
  expect(params.zqCount?.format).toBeUndefined();
  for (const name of ["zqNum", "zqCount"])
    expect(notesAt(d, `operations.acme_get_item.params.${name}`).join("\n")).not.toContain("format");
});
