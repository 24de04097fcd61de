// `upstream --accept` where the newer document asks an idempotency key of each call (a required `Idempotency-Key`
// header the older did not have): the manifest kept none, and generate refused the operation (BW2010: nothing supplies
// the header) though no caller has anything new to give: add drafts such a header as `idempotency`, a key the runtime
// sends itself. The newer draft's `idempotency` is carried, with its review note.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { carryDrafted } from "./carry.js";

const manifest = `provider: zqtills
operations:
  zqtills_create:
    operationId: zqcreateTill
    title: Create a till
    params:
      zqname: { type: string, required: true, maxLength: 40, wire: { in: body, pointer: /name } }
`;

function cut(keyed: boolean): string {
  const key = { name: "Idempotency-Key", in: "header", required: true, schema: { type: "string", maxLength: 64 } };
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zqtills", version: "1" },
    paths: {
      "/zqtills": {
        post: {
          operationId: "zqcreateTill",
          summary: "Create a till",
          parameters: keyed ? [key] : [],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { type: "object", required: ["name"], properties: { name: { type: "string", maxLength: 40 } } },
              },
            },
          },
          responses: { "201": { description: "made" } },
        },
      },
      // A POST that takes no key: the key is the one operation's (add drafts it there, not for every POST).
      "/zqnotes": { post: { operationId: "zqcreateNote", responses: { "201": { description: "made" } } } },
    },
  });
}

describe("an idempotency key the newer document asks of each call", () => {
  it("is carried as add drafts it, the runtime's to send, with a line and a review note", () => {
    const carried = carryDrafted(manifest, cut(false), cut(true), "openapi.yaml");
    expect(parse(carried.text).operations.zqtills_create.idempotency).toEqual({ header: "Idempotency-Key" });
    expect(carried.lines).toContain(
      "operations.zqtills_create.idempotency: an idempotency key the newer document asks of each call",
    );
    expect(carried.text).toContain("# review: an idempotency key the newer document asks of each call: drafted as");
  });

  it("is left as the manifest has it where the older document asked one too", () => {
    const carried = carryDrafted(manifest, cut(true), cut(true), "openapi.yaml");
    expect(parse(carried.text).operations.zqtills_create.idempotency).toBeUndefined();
  });
});
