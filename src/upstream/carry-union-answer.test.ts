// `upstream --accept` where the newer document answers in one of two forms (a record, or its second version holding
// two more fields), each holding the fields the older answer had. `add` drafts no field outputs from an answer of
// several forms (only `data`), so the carry took out every output it had drafted of the older answer (`metadata.zqid`,
// …): `diff` then reported each removed, breaking, where `upstream` had said the answer only gained a form.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { drafted, linkProblems, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import type { ProviderDraft } from "../import/draft-provider.js";
import { carryDrafted } from "./carry.js";

const fields = {
  zqid: { type: "string", description: "The campaign's id." },
  zqname: { type: "string", description: "The campaign's name." },
};
const second = {
  type: "object",
  required: ["zqterms"],
  properties: { ...fields, zqterms: { type: "string" }, zqprivacy: { type: "string" } },
};
const campaign = (answer: object) =>
  openapi({
    "/zqcampaigns/{id}": {
      get: {
        operationId: "zqgetCampaign",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": reply(answer) },
      },
    },
  });

describe("an answer become one of two forms that each hold its fields", () => {
  const older = drafted(campaign({ type: "object", properties: fields }), ["zqgetCampaign"]);
  const newer = JSON.stringify(campaign({ oneOf: [{ type: "object", properties: fields }, second] }));
  const [id] = Object.keys(older.manifest.operations);
  const before = Object.keys(older.manifest.operations[id as string]?.outputs ?? {});

  it("keeps the outputs add drafted of the older answer's fields, and the result links", async () => {
    expect(before).toContain("metadata.zqid");
    const carried = carryDrafted(older.manifestText, older.openapiText, newer, "openapi.yaml");
    const outputs = parse(carried.text).operations[id as string].outputs;
    for (const name of before.filter((n) => n.startsWith("metadata."))) expect(outputs[name], name).toBeDefined();
    const linked = { ...older, manifestText: carried.text, openapiText: newer } as ProviderDraft;
    expect(await linkProblems(linked)).toEqual([]);
  });
});
