// A multipart field that may be a list or an object (`oneOf: [array, object]`), read by one rule with the form body's
// (load/schemas/json-types.ts listAlone): where the document encodes it as JSON it goes as one part of its JSON, a list
// too (the runtime split any list into a part per item, as it does for a field that is a list alone); with no encoding,
// a list goes a part per item and an object as one JSON part, which the request judge read as a list of one item (and
// refused), the mock's copy checked as the JSON it is not (Prism reads a part as text), and an empty list of a required
// field sent no part at all.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateParams } from "@blockwright/runtime/internal";
import { multipartParts } from "../../judge/body/multipart.js";
import { type DraftedOnMock, casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const docOf = (encoding?: Record<string, unknown>) =>
  openapi({
    "/zqtags": {
      post: {
        operationId: "tagZqThing",
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["zqEither"],
                properties: {
                  zqEither: { oneOf: [{ type: "array", items: { type: "string" } }, { type: "object" }] },
                  zqName: { type: "string", maxLength: 20 },
                },
              },
              ...(encoding ? { encoding } : {}),
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  });
const jsonDoc = docOf({ zqEither: { contentType: "application/json" } });
const plainDoc = docOf();

/** The parts a call sends for the input, and what the request judge says of them. */
async function sentParts(doc: Record<string, unknown>, input: Record<string, unknown>) {
  const d = drafted(doc, ["tagZqThing"]);
  expect(await linkProblems(d)).toEqual([]);
  const [tool] = await linkedTools(d);
  const { sent, judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", ...input });
  const parts = multipartParts(sent.body ?? new Uint8Array(), sent.headers.get("content-type") ?? "");
  if (typeof parts === "string") throw new Error(parts);
  return { parts: parts.map((p) => [p.name, p.contentType, p.bytes.toString("utf8")]), judged };
}

describe("a multipart field the document encodes as JSON that may be a list or an object", () => {
  it("goes as one JSON part whatever its value, and the judge reads it back", async () => {
    const list = await sentParts(jsonDoc, { zqEither: ["zqc", "zqd"] });
    expect(list.parts).toEqual([["zqEither", "application/json", '["zqc","zqd"]']]);
    expect(list.judged.refusals).toEqual([]);
    expect(list.judged.read.body).toEqual({ zqEither: ["zqc", "zqd"] });
    const object = await sentParts(jsonDoc, { zqEither: { zqk: "v" } });
    expect(object.parts).toEqual([["zqEither", "application/json", '{"zqk":"v"}']]);
    expect(object.judged.refusals).toEqual([]);
    expect(object.judged.read.body).toEqual({ zqEither: { zqk: "v" } });
  });
});

describe("a multipart field with no encoding that may be a list or an object", () => {
  it("goes a part per item of a list and one JSON part of an object, and the judge reads each back", async () => {
    const list = await sentParts(plainDoc, { zqEither: ["zqc", "zqd"], zqName: "zq" });
    expect(list.parts).toEqual([
      ["zqEither", undefined, "zqc"],
      ["zqEither", undefined, "zqd"],
      ["zqName", undefined, "zq"],
    ]);
    expect(list.judged.refusals).toEqual([]);
    expect(list.judged.read.body).toEqual({ zqEither: ["zqc", "zqd"], zqName: "zq" });
    // One item is one part, read back as the list of it.
    const one = await sentParts(plainDoc, { zqEither: ["zqc"] });
    expect(one.judged.refusals).toEqual([]);
    expect(one.judged.read.body).toEqual({ zqEither: ["zqc"] });
    const object = await sentParts(plainDoc, { zqEither: { zqk: "v" } });
    expect(object.parts).toEqual([["zqEither", "application/json", '{"zqk":"v"}']]);
    expect(object.judged.refusals).toEqual([]);
    expect(object.judged.read.body).toEqual({ zqEither: { zqk: "v" } });
  });

  it("takes one item at least where required: an empty list would send no part", async () => {
    const [plain] = await linkedTools(drafted(plainDoc, ["tagZqThing"]));
    expect(validateParams(plain!, { accessToken: "zq-token-0001", zqEither: [] })).toMatchObject({
      ok: false,
      issues: [{ param: "zqEither" }],
    });
    // Encoded as JSON, the empty list is a value: one part, `[]`.
    const [json] = await linkedTools(drafted(jsonDoc, ["tagZqThing"]));
    expect(validateParams(json!, { accessToken: "zq-token-0001", zqEither: [] })).toMatchObject({ ok: true });
  });
});

describe.each([
  ["zqtagsjson", jsonDoc],
  ["zqtagsplain", plainDoc],
])("on the mock (%s)", (id, doc) => {
  let on: DraftedOnMock | undefined;
  beforeAll(async () => {
    on = await draftedOnMock(id, doc, ["tagZqThing"]);
  });
  afterAll(async () => {
    await on?.close();
  });
  it("every derived case of add's draft passes", async () => {
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
