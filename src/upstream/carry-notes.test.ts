// `upstream --accept` and add's review notes: each is a fact of the document add drafted from. Through a vector
// store's history, a manifest kept the first draft's notes after the newer documents made them false: "the document
// says minimum 1 in words and 0 in its schema: the schema's kept" above a parameter whose schema had since said 1 (and
// whose minimum had followed it), and "its schema requires …" above a body whose required fields were gone.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { drafted, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { carryDrafted } from "./carry.js";

const shards = (minimum: number, required: string[]) =>
  openapi({
    "/zqstores": {
      post: {
        operationId: "zqMakeStore",
        requestBody: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  zqshards: { type: "integer", minimum, description: "Shards of the store. Minimum is 1." },
                  zqlabel: { type: "string" },
                },
                ...(required.length ? { required } : {}),
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { zqid: { type: "string" } } }) },
      },
    },
  });

const reviewLines = (text: string) => text.split("\n").filter((line) => /#\s+review:/.test(line));

describe("add's review notes through an upstream change", () => {
  const older = shards(0, ["zqlabel"]);
  const newer = shards(1, []);
  const draft = drafted(older, ["zqMakeStore"]);
  const again = drafted(newer, ["zqMakeStore"]);

  it("takes out the notes the newer document's draft no longer gives, and writes the ones it gives anew", () => {
    const olderWords = draft.notes.filter((n) => /in words/.test(n.note));
    expect(olderWords.length).toBeGreaterThan(0);
    expect(again.notes.filter((n) => /in words/.test(n.note))).toEqual([]);
    const carried = carryDrafted(draft.manifestText, draft.openapiText, JSON.stringify(newer), "openapi.yaml");
    expect(parse(carried.text).operations.acme_zq_make_store.params.zqshards.minimum).toBe(1);
    for (const { note } of olderWords) expect(carried.text).not.toContain(note.split(" ").slice(0, 6).join(" "));
    // Each note the newer draft gives stands in the manifest, once.
    for (const { note } of again.notes) {
      const first = note.split(" ").slice(0, 8).join(" ");
      expect(reviewLines(carried.text).filter((line) => line.includes(first))).toHaveLength(1);
    }
    expect(carried.lines.some((line) => /review notes follow the newer document \([1-9]\d* out/.test(line))).toBe(true);
  });

  it("keeps a note a person reworded, and changes nothing a second time", () => {
    const [words] = draft.notes.filter((n) => /in words/.test(n.note));
    const head = `review: ${words!.note}`.split(" ").slice(0, 4).join(" ");
    const reworded = draft.manifestText.replace(`# ${head}`, `# ${head} (checked: the service takes 0)`);
    expect(reworded).not.toBe(draft.manifestText);
    const carried = carryDrafted(reworded, draft.openapiText, JSON.stringify(newer), "openapi.yaml");
    expect(carried.text).toContain("(checked: the service takes 0)");
    const once = carryDrafted(draft.manifestText, draft.openapiText, JSON.stringify(newer), "openapi.yaml");
    const twice = carryDrafted(once.text, JSON.stringify(newer), JSON.stringify(newer), "openapi.yaml");
    expect(twice.lines).toEqual([]);
    expect(twice.text).toBe(once.text);
  });
});
