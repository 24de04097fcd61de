// `upstream --accept` where a signed webhook the older document described changed in the newer (its event now carries
// the one kind it is, `type`): the event trigger add drafted from the older stayed as drafted then, while the
// poll triggers followed the newer draft. It follows the newer draft's now, with a line and a note, and links; one
// whose delivery the newer document no longer signs is taken out, with a note; one written by hand stays.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { draftWorkFolder, drafted, jsonBody, linkProblems, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { carryDrafted } from "./carry.js";
import { recut } from "./recut.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const HEADERS = ["webhook-id", "webhook-timestamp", "webhook-signature"];

/** A document listing things, whose `zqThingMade` webhook posts `body`, signed as Standard Webhooks or not at all. */
const document = (body: object, signed = true) => ({
  ...openapi({
    "/zqthings": {
      get: { operationId: "listZqThings", responses: { "200": reply({ type: "object", properties: {} }) } },
    },
  }),
  openapi: "3.1.0",
  webhooks: {
    zqThingMade: {
      post: {
        ...(signed ? { parameters: HEADERS.map((name) => ({ name, in: "header" })) } : {}),
        requestBody: jsonBody(body),
        responses: { "200": { description: "Taken." } },
      },
      summary: "A thing was made.",
    },
  },
});

const plain = { type: "object", properties: { id: { type: "string" } } };
const typed = {
  type: "object",
  properties: { id: { type: "string" }, event_type: { type: "string", enum: ["zq.made"] } },
};

describe("an event trigger add drafted, the newer document's delivery otherwise", () => {
  const older = drafted(document(plain), ["listZqThings"]);
  const id = Object.keys(older.manifest.triggers ?? {})[0] as string;
  const carry = (newer: Record<string, unknown>, manifest = older.manifestText) => {
    // The newer cut as --accept's re-cut writes it: the webhooks the earlier cut kept.
    const openapiText = recut(
      older.openapiText,
      newer,
      [{ method: "get", path: "/zqthings" }],
      "zqnewer.json",
      "ab",
    ).text;
    const carried = carryDrafted(manifest, older.openapiText, openapiText, "openapi.yaml");
    const linked = { ...older, manifestText: carried.text, openapiText, published: newer };
    return { ...carried, problems: () => linkProblems(linked) };
  };

  it("follows the newer draft's trigger, with a line and a note, and links", async () => {
    expect(id).toBeDefined();
    expect(older.manifest.triggers?.[id]?.match).toBeUndefined();
    const newer = document(typed);
    const carried = carry(newer);
    const trigger = parse(carried.text).triggers[id];
    expect(trigger).toEqual(drafted(newer, ["listZqThings"]).manifest.triggers?.[id]);
    expect(trigger.match).toEqual({ "/event_type": "zq.made" });
    expect(carried.lines).toEqual([
      expect.stringMatching(new RegExp(`^triggers\\.${id}: as add drafts it from the newer document: its .*match`)),
    ]);
    expect(carried.text).toMatch(/# review: .*follows the newer document's draft/);
    expect(await carried.problems()).toEqual([]);
  });

  it("takes it out where the newer document no longer says how its deliveries are signed", () => {
    const carried = carry(document(plain, false));
    expect(parse(carried.text).triggers).toBeUndefined();
    expect(carried.lines).toEqual([expect.stringMatching(new RegExp(`^triggers\\.${id} taken out: `))]);
    expect(carried.text).toMatch(/# review: its event trigger .* was taken out/);
  });

  it("keeps a trigger written by hand", () => {
    const mine = older.manifestText.replace(/title: .*made.*/i, "title: Mine");
    expect(mine).not.toBe(older.manifestText);
    const carried = carry(document(typed), mine);
    expect(parse(carried.text).triggers[id].match).toBeUndefined();
    expect(carried.lines).toEqual([]);
  });
});
