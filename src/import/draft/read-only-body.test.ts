// A required JSON body every field of which is readOnly (`{address: {readOnly}, family: {readOnly}}`: the server
// fills them all). A request carries none of them (OpenAPI 3), so the draft placed no parameter in the body, and the
// link refused add's own draft: the document requires a body "but no parameter or constant is placed in it" (BW2010).
// The body a request sends is `{}`, which meets the schema: the draft says so, it links, and the runtime sends `{}`.
import { afterAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import {
  draftWorkFolder,
  drafted,
  judgedCut,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const slot = {
  type: "object",
  properties: {
    address: { type: "string", minLength: 1, readOnly: true },
    family: { type: "integer", readOnly: true },
  },
};
const claim = (schema: Record<string, unknown>, method = "post") =>
  openapi({
    "/zqpools/{id}/zqslots": {
      [method]: {
        operationId: "zqClaimSlot",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        requestBody: { required: true, content: { "application/json": { schema } } },
        responses: { "201": reply(slot, { address: "10.0.0.1/24", family: 4 }) },
      },
    },
  });

describe("a required JSON body whose every field is readOnly", () => {
  it("is sent as {} (said in a note), and the draft links", async () => {
    const d = drafted(claim(slot), ["zqClaimSlot"]);
    expect(notesAt(d, "operations.acme_zq_claim_slot.params")).toContain(
      "the request body is required, and each of its fields is readOnly (the server's): calls send {}",
    );
    expect(Object.keys(d.manifest.operations.acme_zq_claim_slot?.params ?? {})).toEqual(["id"]);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    // The runtime sends `{}` where a call gives no field of a body its tool requires (runtime/call/request-body.ts).
    expect(tool?.body).toEqual({ mediaType: "application/json", encoding: "json", required: true });
    expect(
      judgedCut(d, "/zqpools/1/zqslots")
        .refusals({})
        .filter((rule) => rule !== "security"),
    ).toEqual([]);
  });

  it("still needs a parameter placed in it where one field is writable", async () => {
    const writable = { ...slot, properties: { ...slot.properties, note: { type: "string" } } };
    const d = drafted(claim(writable), ["zqClaimSlot"]);
    const manifest = d.manifestText.replace(/\n {6}note:\n(?: {8}.*\n)+/, "\n");
    expect(manifest).not.toContain("note:");
    expect(await linkProblems({ ...d, manifestText: manifest })).toEqual([
      expect.stringContaining('requires a request body for "zqClaimSlot", but no parameter or constant is placed'),
    ]);
  });
});
