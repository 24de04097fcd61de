// `upstream --accept` where the newer document answers an operation otherwise (Indicia's search: `data` a list of
// matches become one object): the manifest kept add's draft of the older answer (`data` a list, `metadata.count` its
// count) and generate refused both (BW2007, BW2004). An output add drafts otherwise from the newer answer follows it,
// one it no longer drafts is taken out, each with a line and a note; one written by hand stays.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { drafted, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { carryDrafted } from "./carry.js";

const match = { type: "object", properties: { zqid: { type: "string" }, zqscore: { type: "number" } } };
const search = (data: object) =>
  openapi({
    "/zqsearch": {
      post: {
        operationId: "zqSearch",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "object", properties: { q: { type: "string" } } } } },
        },
        responses: { "200": reply({ type: "object", properties: { data } }) },
      },
    },
  });

describe("an output add drafts otherwise from the newer answer", () => {
  const older = search({ type: "array", items: match });
  const newer = search(match);
  const draft = drafted(older, ["zqSearch"]);

  it("follows the newer draft, and one no longer drafted is taken out", () => {
    const before = draft.manifest.operations.acme_zq_search!.outputs!;
    expect(before.data).toMatchObject({ type: "array" });
    const carried = carryDrafted(draft.manifestText, draft.openapiText, JSON.stringify(newer), "openapi.yaml");
    const outputs = parse(carried.text).operations.acme_zq_search.outputs;
    const redrafted = drafted(newer, ["zqSearch"]).manifest.operations.acme_zq_search!.outputs!;
    expect(outputs.data).toEqual(redrafted.data);
    for (const gone of Object.keys(before).filter((name) => !(name in redrafted)))
      expect(outputs[gone], gone).toBeUndefined();
    expect(carried.lines).toContain(
      "operations.acme_zq_search.outputs.data: data as add drafts it from the newer document's answer",
    );
  });

  it("keeps an output written by hand", () => {
    const mine = draft.manifestText.replace("description: The items of this reply.", "description: Mine.");
    expect(mine).not.toBe(draft.manifestText);
    const carried = carryDrafted(mine, draft.openapiText, JSON.stringify(newer), "openapi.yaml");
    expect(parse(carried.text).operations.acme_zq_search.outputs.data.type).toBe("array");
  });
});
