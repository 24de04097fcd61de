// An operation that declares one header twice, under names differing only in letter case (a required
// `Idempotency-Key` of its own beside a shared optional `idempotency-key` it $refs, as a published payments document
// had): add drafted the first as the idempotency key and the second as a parameter sending the same header, and
// generate refused the draft (`header "idempotency-key" is already sent by the idempotency key`). HTTP header names
// are case-insensitive: both are one header, drafted once (the required one), the other left out with a note.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi(
  {
    "/zqtransfers": {
      post: {
        operationId: "zqCreateTransfer",
        parameters: [
          { name: "x-zq-trace", in: "header", schema: { type: "string", maxLength: 40 } },
          { name: "Idempotency-Key", in: "header", required: true, schema: { type: "string", maxLength: 64 } },
          { $ref: "#/components/parameters/zqIdempotencyKey" },
          { name: "X-Zq-Trace", in: "header", required: true, schema: { type: "string", maxLength: 40 } },
        ],
        requestBody: {
          content: { "application/json": { schema: { type: "object", properties: { zqAmount: { type: "string" } } } } },
        },
        responses: { "201": reply({ type: "object", properties: { id: { type: "string" } } }) },
      },
    },
  },
  {
    parameters: {
      zqIdempotencyKey: {
        name: "idempotency-key",
        in: "header",
        description: "A unique key to make the request idempotent.",
        schema: { type: "string" },
      },
    },
  },
);

describe("one header declared twice under names differing in letter case", () => {
  it("is drafted once, the required one, the other left out with a note, and the draft links", async () => {
    const d = drafted(document, ["zqCreateTransfer"]);
    const id = Object.keys(d.manifest.operations)[0] ?? "";
    const op = d.manifest.operations[id];
    const headers = Object.values(op?.params ?? {}).flatMap((p) => (p.wire?.in === "header" ? [p.wire.name] : []));
    expect(headers).toEqual(["X-Zq-Trace"]);
    expect(JSON.stringify(op?.idempotency ?? d.manifest.idempotency)).toContain("Idempotency-Key");
    const notes = notesAt(d, `operations.${id}`).join("\n");
    expect(notes).toContain(
      "header parameter idempotency-key not drafted: it is the header Idempotency-Key again (header names are " +
        "case-insensitive), drafted once as Idempotency-Key",
    );
    expect(notes).toContain("header parameter x-zq-trace not drafted: it is the header X-Zq-Trace again");
    expect(await linkProblems(d)).toEqual([]);
  });
});
