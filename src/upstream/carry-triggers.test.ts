// `upstream --accept` where the newer document's list items no longer carry the field a poll trigger add drafted asks
// for new items since (a payments API's transfer service: its transactions' `createdAt` gone, `creationDate` beside
// it): kept, generate refused the manifest (BW2025). The trigger follows the newer draft's, is taken out where the
// newer document offers no way add finds new items by, each with a line and a note; one written by hand stays.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { carryDrafted } from "./carry.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

/** A list of grants whose items carry `fields` beside their id, asked for those created since a time. */
const grants = (fields: Record<string, unknown>) =>
  openapi({
    "/zqgrants": {
      get: {
        operationId: "zqListGrants",
        summary: "List grants",
        parameters: [{ name: "createdSince", in: "query", schema: { type: "string", format: "date-time" } }],
        responses: {
          "200": reply({
            type: "object",
            properties: {
              data: { type: "array", items: { type: "object", properties: { id: { type: "string" }, ...fields } } },
            },
          }),
        },
      },
    },
  });

const time = { type: "string", format: "date-time" };

describe("a poll trigger add drafted, the newer document's items otherwise", () => {
  const older = grants({ createdAt: time });
  const draft = drafted(older, ["zqListGrants"]);
  const id = Object.keys(draft.manifest.triggers ?? {})[0] as string;
  const carry = (newer: object, manifest = draft.manifestText) => {
    // The newer cut as add cuts it, which --accept's re-cut writes.
    const openapiText = drafted(newer, ["zqListGrants"]).openapiText;
    const carried = carryDrafted(manifest, draft.openapiText, openapiText, "openapi.yaml");
    const linked = { ...draft, manifestText: carried.text, openapiText, published: newer };
    return { ...carried, problems: () => linkProblems(linked) };
  };

  it("follows the newer draft's trigger, with a line and a note, and links", async () => {
    expect(draft.manifest.triggers?.[id]?.poll?.since).toEqual({ field: "/createdAt", type: "date-time" });
    const newer = grants({ creationDate: time });
    const carried = carry(newer);
    const trigger = parse(carried.text).triggers[id];
    expect(trigger).toEqual(drafted(newer, ["zqListGrants"]).manifest.triggers?.[id]);
    expect(trigger.poll.since.field).toBe("/creationDate");
    expect(carried.lines).toEqual([
      expect.stringMatching(new RegExp(`^triggers\\.${id}: as add drafts it from the newer document: .*/createdAt`)),
    ]);
    expect(carried.text).toMatch(/# review: .*follows the newer document's draft/);
    expect(await carried.problems()).toEqual([]);
  });

  it("takes it out where the newer document offers no way add finds new items by, and links", async () => {
    const carried = carry(grants({ name: { type: "string" } }));
    expect(parse(carried.text).triggers).toBeUndefined();
    expect(carried.lines).toEqual([expect.stringMatching(new RegExp(`^triggers\\.${id} taken out: `))]);
    expect(carried.text).toMatch(/# review: its poll trigger .* was taken out/);
    expect(await carried.problems()).toEqual([]);
  });

  it("keeps a trigger written by hand", () => {
    const mine = draft.manifestText.replace(/title: New .*/, "title: Mine");
    expect(mine).not.toBe(draft.manifestText);
    const carried = carry(grants({ name: { type: "string" } }), mine);
    expect(parse(carried.text).triggers[id].poll.since.field).toBe("/createdAt");
    expect(carried.lines).toEqual([]);
  });
});

describe("a poll trigger add drafts from the newer document only", () => {
  const older = grants({ name: { type: "string" } });
  const draft = drafted(older, ["zqListGrants"]);
  const newer = grants({ name: { type: "string" }, createdAt: time });
  const fresh = drafted(newer, ["zqListGrants"]);

  it("is added as add drafts it, with a line and a note, and links", async () => {
    expect(draft.manifest.triggers ?? {}).toEqual({});
    const [id, trigger] = Object.entries(fresh.manifest.triggers ?? {})[0] ?? [];
    expect(trigger).toBeDefined();
    const carried = carryDrafted(draft.manifestText, draft.openapiText, fresh.openapiText, "openapi.yaml");
    expect(parse(carried.text).triggers?.[id as string]).toEqual(trigger);
    expect(carried.lines).toContainEqual(expect.stringMatching(new RegExp(`^triggers\\.${id} added: add drafts it`)));
    expect(carried.text).toMatch(/# review: .* added: add drafts it from the newer document/);
    const linked = { ...draft, manifestText: carried.text, openapiText: fresh.openapiText, published: newer };
    expect(await linkProblems(linked)).toEqual([]);
  });

  it("is not added where the manifest polls the operation by a trigger of its own", () => {
    const [id, trigger] = Object.entries(fresh.manifest.triggers ?? {})[0] ?? [];
    const mine = { ...parse(draft.manifestText), triggers: { zqmine: trigger } };
    const carried = carryDrafted(JSON.stringify(mine), draft.openapiText, fresh.openapiText, "openapi.yaml");
    expect(parse(carried.text).triggers).toEqual({ zqmine: trigger });
    expect(carried.lines.filter((l) => l.startsWith(`triggers.${id}`))).toEqual([]);
  });
});
