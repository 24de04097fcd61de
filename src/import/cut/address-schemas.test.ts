// A request body's field whose schema is a `$ref` to an address (another API's document, as a payments API names its
// receipt): add fetches nothing, so the draft left the field out and generate stopped on the `$ref` (no network
// address is read), and no operation of the draft could be generated. The cut now points such a `$ref` at a schema
// it adds that accepts any value, its address in its description, and the field is drafted as a JSON value.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const address = "https://zq.example/orders/2.3/swagger.yaml#/components/schemas/ZqReceipt";
const document = openapi({
  "/zqpayments": {
    post: {
      operationId: "createZqPayment",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqAmount"],
              properties: { zqAmount: { type: "integer" }, zqReceipt: { $ref: address } },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

describe("a field whose schema is a $ref to an address", () => {
  it("is drafted as any JSON value, and the draft links", async () => {
    const d = drafted(document, ["createZqPayment"], "zqaddress");
    expect(await linkProblems(d, "zqaddress")).toEqual([]);
    const op = Object.values(d.manifest.operations)[0]!;
    expect(op.params?.zqReceipt).toMatchObject({ type: "json", wire: { in: "body" } });
    expect(d.openapiText).toContain("takes this schema from https://zq.example/orders/2.3/swagger.yaml");
  });
});
