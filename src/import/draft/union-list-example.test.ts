// A request body that is one of two lists ("add" items or "remove" items), each list's items one of closed object
// shapes: the draft tried each shape's required fields as an object, a list is none, and it drafted the body without
// an example ("no value of a field it requires can be made"), so every case of the operation that needs the body
// failed. The example is now a list of one item of one item shape, which exactly one list shape and one of its item
// shapes take, as the request judge reads the `oneOf`s.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { schemaChecker } from "../../judge/schema-check.js";
import { draftWorkFolder, drafted, notesAt, openapi, reply, type Json } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = reply({ type: "object", properties: { zqjob: { type: "string" } } }, { zqjob: "j1" });
const closed = (required: string[], properties: Json): Json => ({
  type: "object",
  additionalProperties: false,
  required,
  properties,
});
const text = { type: "string", minLength: 1, maxLength: 50 };
const list = (title: string, items: Json[]): Json => ({ type: "array", title, items: { oneOf: items } });
const at = ["paths", "/zquploads", "post", "requestBody", "content", "application/json", "schema"];

function draftedBody(lists: Json[]) {
  const document = openapi({
    "/zquploads": {
      post: {
        requestBody: { required: true, content: { "application/json": { schema: { oneOf: lists } } } },
        responses: { "202": ok },
      },
    },
  });
  const d = drafted(document, ["POST /zquploads"]);
  const op = Object.keys(d.manifest.operations)[0] ?? "";
  const body = d.manifest.operations[op]?.params?.body as { example?: unknown } | undefined;
  const judge = schemaChecker(d.draft.document);
  const miss = (value: unknown, where: (string | number)[]) => judge.check(value, [...at, ...where])?.message;
  return { example: body?.example, notes: notesAt(d, `operations.${op}.params.body`).join("\n"), miss };
}

describe("a body that is one of two lists, each of closed item shapes", () => {
  it("is drafted with a list of one item that exactly one list shape and one item shape take", () => {
    const { example, notes, miss } = draftedBody([
      list("zqAdd", [
        closed(["zqName"], { zqName: text, zqKind: text }),
        closed(["zqTrackingId"], { zqTrackingId: text, zqName: text }),
      ]),
      list("zqRemove", [
        closed(["zqTrackingId"], { zqTrackingId: text, zqUnclaimOnly: { type: "boolean", default: false } }),
        closed(["zqDeviceId"], { zqDeviceId: text }),
      ]),
    ]);
    expect(example).toEqual([{ zqName: "example" }]);
    expect(miss(example, [])).toBeUndefined();
    expect(miss(example, ["oneOf", 0])).toBeUndefined();
    expect(miss(example, ["oneOf", 1])).toBeDefined();
    expect(miss((example as unknown[])[0], ["oneOf", 0, "items", "oneOf", 1])).toBeDefined();
    // The note says what was tried and what the example is: lists, not a body of the first shape's required fields.
    expect(notes).toContain("the empty list (the first shape's fewest items) meets not exactly one of the request");
    expect(notes).toContain("the example is a list of one item of shape 1 (zqAdd), which no other shape takes");
    expect(notes).not.toContain("required fields");
    expect(notes).not.toContain("drafted without an example");
  });

  it("takes a later item shape when an item of the first is taken by the other list too", () => {
    const { example, miss } = draftedBody([
      list("zqAdd", [closed(["zqName"], { zqName: text }), closed(["zqSerial"], { zqSerial: text })]),
      // Open: any object with a name, so the first list's first item shape tells the lists apart by no item.
      list("zqRemove", [{ type: "object", required: ["zqName"], properties: { zqName: text } }]),
    ]);
    expect(example).toEqual([{ zqSerial: "example" }]);
    expect(miss(example, [])).toBeUndefined();
  });
});
