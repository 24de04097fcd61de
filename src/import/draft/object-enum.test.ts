// A field whose schema is an object listed by an enum of objects (`type: object, enum: [{}]`: a multipart body's
// JSON part the document meant as "an object"): add drafted a json object with no enum, and its own final check refused
// the draft ("enum (none) is looser than body field "/zqdata"'s enum [{}]", BW2006), so add failed and generate
// stopped. No manifest enum holds an object: it is not drafted, with a note saying why, and the draft links.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const objectEnum = (values: unknown[]) => ({ type: "object", properties: { zqa: { type: "string" } }, enum: values });
const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) };

const document = openapi({
  "/zqversions/{id}/zqfiles": {
    post: {
      operationId: "zqAddFiles",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      requestBody: {
        content: {
          "multipart/form-data": {
            schema: { type: "object", properties: { zqdata: objectEnum([{}]), zqname: { type: "string" } } },
          },
        },
      },
      responses: ok,
    },
  },
  "/zqnotes": {
    post: {
      operationId: "zqSendNote",
      requestBody: {
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: { zqmeta: objectEnum([{ zqa: "x" }, { zqa: "y" }]), zqtext: { type: "string" } },
            },
          },
        },
      },
      responses: ok,
    },
  },
});

describe("a field whose enum lists objects", () => {
  const d = drafted(document, ["zqAddFiles", "zqSendNote"]);
  const ops = d.manifest.operations;
  const [files, notes] = ["zqAddFiles", "zqSendNote"].map(
    (oid) => Object.keys(ops).find((k) => ops[k]?.operationId === oid) ?? "",
  );

  it("is not drafted, with a note saying why; its neighbours are", () => {
    expect(ops[files ?? ""]?.params?.zqdata).toBeUndefined();
    expect(ops[files ?? ""]?.params?.zqname).toMatchObject({ type: "string" });
    expect(ops[notes ?? ""]?.params?.zqmeta).toBeUndefined();
    expect(ops[notes ?? ""]?.params?.zqtext).toMatchObject({ type: "string" });
    expect(notesAt(d, `operations.${files}`).join("\n")).toContain("([{}]) lists objects, which a manifest cannot");
    expect(notesAt(d, `operations.${notes}`).join("\n")).toContain("lists objects, which a manifest cannot state");
  });

  it("links: add's own final check passes", async () => {
    expect(await linkProblems(d)).toEqual([]);
  });
});
