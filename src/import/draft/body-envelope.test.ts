// A reply that wraps its record or value in `body` beside only how the call went (a published home-devices document
// answers `{body: {devices: […], user: {…}}, status: "ok", time_exec: 0.03, time_server: 1700000000}`): add drafted the
// whole reply as `data` and `body` a second time as `metadata.body` (or not at all), so a workflow read `data.body`.
// Such a `body` is the data now; beside a record's own fields (a message's subject) it stays that record's field.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply, type Json } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const callFacts = {
  status: { type: "string", example: "ok" },
  time_exec: { type: "number" },
  time_server: { type: "integer" },
};
const getZqstation = (body: Json, example: unknown, beside: Json = callFacts): Json =>
  openapi({
    "/zqstations": {
      get: {
        operationId: "getZqstation",
        responses: { "200": reply({ type: "object", properties: { body, ...beside } }, example) },
      },
    },
  });
const outputsOf = (d: ReturnType<typeof drafted>) => d.manifest.operations.acme_get_zqstation!.outputs ?? {};
const facts = { status: "ok", time_exec: 0.03, time_server: 1700000000 };

describe("a reply's body beside how the call went", () => {
  it("is the record the data is read from, the call's facts beside it; it links", async () => {
    const record = { type: "object", properties: { zqname: { type: "string" }, zqmodel: { type: "string" } } };
    const d = drafted(getZqstation(record, { body: { zqname: "roof", zqmodel: "z1" }, ...facts }), ["getZqstation"]);
    const outputs = outputsOf(d);
    expect(outputs.data).toMatchObject({ from: "$response.body#/body" });
    expect(outputs["metadata.body"]).toBeUndefined();
    expect(outputs["metadata.status"]).toMatchObject({ from: "$response.body#/status" });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is the value the data is, where it holds one", async () => {
    const d = drafted(getZqstation({ type: "string" }, { body: "done", ...facts }), ["getZqstation"]);
    const outputs = outputsOf(d);
    expect(outputs.data).toMatchObject({ type: "string", from: "$response.body#/body" });
    expect(outputs["metadata.body"]).toBeUndefined();
    expect(await linkProblems(d)).toEqual([]);
  });

  it("stays a record's field beside that record's own texts", () => {
    const content = { type: "object", properties: { zqhtml: { type: "string" }, zqtext: { type: "string" } } };
    const subject = { zqsubject: { type: "string" }, zqsender: { type: "string" } };
    const example = { body: { zqhtml: "<p>hi</p>", zqtext: "hi" }, zqsubject: "hello", zqsender: "a@zq.test" };
    const d = drafted(getZqstation(content, example, subject), ["getZqstation"]);
    expect(outputsOf(d).data).toMatchObject({ from: "$response.body" });
  });
});
