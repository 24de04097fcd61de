// A path whose parameter sits after a `#` (`/send/#env/v1/partners/{partnerId}/merchant/transfer`, a payments QR
// API's five operations): the request's path ends at the `#` (a fragment never leaves in a request), so the
// parameter was never sent, and the request judge refused every case (`required by the document, and not sent`). add
// leaves such operations out of a group, each named, and refuses them named; generate refuses a manifest that places
// a parameter there. A fragment that holds no parameter (`/zqtags/{arn}#zqKeys`, keys told apart) is no obstacle.
import { describe, expect, it } from "vitest";
import { drafted, linkProblems, notesAt, openapi, reply } from "./__fixtures__/draft-kit.js";
import { selectOperations } from "./cut/select-operations.js";
import { draftProvider, UndraftableDocument } from "./draft-provider.js";

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const partner = [{ name: "zqPartnerId", in: "path", required: true, schema: { type: "string" } }];
const document = openapi({
  "/zqsend/#zqenv/v1/zqpartners/{zqPartnerId}/transfer": {
    post: { operationId: "CreateZqTransfer", parameters: partner, responses: ok },
  },
  "/zqsend/v1/zqpartners/{zqPartnerId}/transfers": {
    get: { operationId: "ListZqTransfers", parameters: partner, responses: ok },
  },
  "/zqtags/{zqPartnerId}#zqKeys": { get: { operationId: "ListZqTagKeys", parameters: partner, responses: ok } },
});

describe("a path parameter after the path's #", () => {
  it("leaves its operation out of a group, named with why; the rest is drafted and links", async () => {
    const d = drafted(document, ["all"]);
    expect(Object.values(d.manifest.operations).map((o) => o.operationId)).toEqual([
      "ListZqTransfers",
      "ListZqTagKeys",
    ]);
    expect(notesAt(d, "operations")).toEqual([
      "left out 1 operation of the group taken, as no call of it could succeed: CreateZqTransfer (its path " +
        '"/zqsend/#zqenv/v1/zqpartners/{zqPartnerId}/transfer" holds {zqPartnerId} after "#", in the address\'s ' +
        "fragment, which no request carries)",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is refused when its operation is named", () => {
    expect(() =>
      draftProvider({
        provider: "acme",
        document,
        chosen: selectOperations(document, ["CreateZqTransfer"]),
        source: { origin: "acme.json", sha256: "0".repeat(64), kind: { format: "openapi", version: "3.0.3" } },
        folder: "specs/acme",
        today: "2026-01-02",
      }),
    ).toThrow(
      new UndraftableDocument(
        'CreateZqTransfer (its path "/zqsend/#zqenv/v1/zqpartners/{zqPartnerId}/transfer" holds {zqPartnerId} after ' +
          '"#", in the address\'s fragment, which no request carries): no call of it could succeed; ' +
          "leave it out of --operations, or write the path as the server reads it in the document",
      ),
    );
  });

  it("is refused by generate where a manifest places a parameter there", async () => {
    const d = drafted(document, ["ListZqTransfers"]);
    const moved = d.openapiText.replace(
      "/zqsend/v1/zqpartners/{zqPartnerId}/transfers:",
      "/zqsend/#zqenv/v1/zqpartners/{zqPartnerId}/transfers:",
    );
    expect(moved).not.toBe(d.openapiText);
    const problems = await linkProblems({ ...d, openapiText: moved });
    expect(problems).toHaveLength(1);
    // The place of the parameter's wire in the drafted manifest's text.
    const lines = d.manifestText.split("\n");
    const param = lines.findIndex((line) => line.trim() === "zqPartnerId:");
    const wire = lines.findIndex((line, i) => i > param && line.trim().startsWith("wire:"));
    expect(problems[0]).toBe(
      `specs/acme/manifest.yaml:${wire + 1}:9: operations.acme_list_zq_transfers.params.zqPartnerId.wire: ` +
        'path parameter "zqPartnerId" is not in the path a request to operation "ListZqTransfers" reaches ' +
        '("/zqsend/"): the ' +
        'document\'s path "/zqsend/#zqenv/v1/zqpartners/{zqPartnerId}/transfers" holds it after "#", in the ' +
        "address's fragment, which no request carries",
    );
  });
});
