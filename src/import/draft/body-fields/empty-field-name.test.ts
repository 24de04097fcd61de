// A request body field named "" (a key JSON allows, which published documents hold): add drafted it a parameter at
// the pointer `/`, which the manifest refuses, so its own check said generate would stop. An optional one is left
// out, said; one the body requires leaves the operation uncallable: refused when named, left out of a group.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const body = (type: string, required: string[]) => ({
  required: true,
  content: {
    [type]: {
      schema: { type: "object", required, properties: { "": { type: "string" }, zqname: { type: "string" } } },
    },
  },
});
const document = openapi({
  "/zqtags": {
    post: { operationId: "zqTag", requestBody: body("application/json", []), responses: { "200": reply({}) } },
  },
  "/zqforms": {
    post: {
      operationId: "zqForm",
      requestBody: body("application/x-www-form-urlencoded", ["", "zqname"]),
      responses: { "204": { description: "kept" } },
    },
  },
});

describe("a body field with an empty name", () => {
  const d = drafted(document, ["zqTag"]);

  it("optional: left out with a note, the other fields drafted; the draft links", async () => {
    const [id, op] = Object.entries(d.manifest.operations)[0] ?? [];
    expect(Object.keys(op?.params ?? {})).toEqual(["zqname"]);
    expect(notesAt(d, `operations.${id}`)).toContain(
      "the body field with an empty name not drafted: no parameter can name it",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("required: the operation is refused when named, saying why", () => {
    expect(() => drafted(document, ["zqForm"])).toThrow(
      "its request body requires a field with an empty name, which no parameter can name",
    );
  });
});
