// A request body of several shapes whose required fields are held to patterns (a routing number of nine digits), with
// no `example` of its own but named request examples under its media type: no body could be made of the shapes (a
// patterned text has no made value), and the draft said "no value of a field it requires can be made … write one",
// drafting no example, though the document gives bodies that meet exactly one shape. The first of its own examples
// the request judge takes is the example now; one the judge refuses is passed by.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { schemaChecker } from "../../judge/schema-check.js";
import { draftWorkFolder, drafted, notesAt, openapi, reply, type Json } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = reply({ type: "object", properties: { zqid: { type: "string" } } }, { zqid: "a1" });
const digits = (n: number) => ({ type: "string", pattern: `^[0-9]{${n}}$` });
const shape = (method: string, more: Json = {}): Json => ({
  type: "object",
  required: ["zqMethod", "zqRouting", "zqNumber"],
  properties: { zqMethod: { type: "string", enum: [method] }, zqRouting: digits(9), zqNumber: digits(6), ...more },
});
const at = ["paths", "/zqaccounts", "post", "requestBody", "content", "application/json", "schema"];

function draftedBody(examples: Record<string, unknown>) {
  const document = openapi({
    "/zqaccounts": {
      post: {
        operationId: "zqCreateAccount",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: { oneOf: [shape("zqMicro"), shape("zqPlain", { zqNote: { type: "string" } })] },
              examples: Object.fromEntries(Object.entries(examples).map(([k, value]) => [k, { value }])),
            },
          },
        },
        responses: { "201": ok },
      },
    },
  });
  const d = drafted(document, ["zqCreateAccount"]);
  const op = Object.keys(d.manifest.operations)[0] ?? "";
  const body = d.manifest.operations[op]?.params?.body as { example?: unknown } | undefined;
  const judge = schemaChecker(d.draft.document);
  return {
    example: body?.example,
    notes: notesAt(d, `operations.${op}.params.body`).join("\n"),
    miss: (value: unknown) => judge.check(value, at)?.message,
  };
}

describe("a union body of patterned fields, with named request examples and no example of its own", () => {
  it("takes the first of the document's examples the request judge takes, with no refusal", () => {
    const broken = { zqMethod: "zqMicro", zqRouting: "12", zqNumber: "123456" };
    const good = { zqMethod: "zqPlain", zqRouting: "123456789", zqNumber: "654321", zqNote: "n" };
    const { example, notes, miss } = draftedBody({ zqShort: broken, zqPlainOne: good });
    expect(miss(broken)).toBeDefined();
    expect(example).toEqual(good);
    expect(miss(example)).toBeUndefined();
    expect(notes).not.toContain("drafted without an example");
  });

  it("still says why there is none when no example of the document meets exactly one shape", () => {
    const { example, notes } = draftedBody({ zqShort: { zqMethod: "zqMicro", zqRouting: "1", zqNumber: "2" } });
    expect(example).toBeUndefined();
    expect(notes).toContain("no value of a field it requires can be made");
  });
});
