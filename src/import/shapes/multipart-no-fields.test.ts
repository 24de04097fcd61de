// A multipart (or form) body whose schema names no field: `{}` (no type), a `oneOf` of a text and an object, a list.
// The runtime writes such a body from an object's fields, each a part (or pair), and add drafted the whole body as a
// value of any form: a text, number or list given was dropped and the call went with an empty body (the mock's "body
// as sent" failed on every derived case giving one). add drafts an object alone now, with a note, so that another
// value is refused before any request; a multipart body of a list, which names no part at all, is left out as no call
// of it could succeed (an optional one is left out, the operation drafted: a run of no inputs is started without it).
// `type: object` alone (its fields each a part) and `format: binary` alone (one file, the part
// "file") were sent as the document says, and still are.
import { rmSync } from "node:fs";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  type Json,
  judgedCall,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
  sentOrRefused,
} from "../__fixtures__/draft-kit.js";
import { uncallableWhy } from "../uncallable.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const post = (operationId: string, schema: object, mediaType = "multipart/form-data") => ({
  post: {
    operationId,
    requestBody: { required: true, content: { [mediaType]: { schema } } },
    responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
  },
});
const document = openapi({
  "/zqnone": post("zqNone", {}),
  "/zqeither": post("zqEither", { oneOf: [{ type: "string" }, { type: "object" }] }),
  "/zqform": post("zqForm", {}, "application/x-www-form-urlencoded"),
  "/zqobject": post("zqObject", { type: "object" }),
  "/zqlist": post("zqList", { type: "array", items: { type: "string" } }),
  "/zqrun": {
    post: {
      operationId: "zqRun",
      parameters: [{ name: "zqwait", in: "query", schema: { type: "boolean" } }],
      // Optional: a run that takes no inputs is started without it.
      requestBody: {
        description: "The inputs",
        content: { "multipart/form-data": { schema: { type: "array", items: { type: "string", format: "binary" } } } },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
    },
  },
});
const operations = ["zqNone", "zqEither", "zqForm", "zqObject"];

describe("a multipart or form body whose schema names no field", () => {
  const d = drafted(document, operations);
  const idOf = (operationId: string) =>
    Object.keys(d.manifest.operations).find((k) => d.manifest.operations[k]?.operationId === operationId) ?? "";
  const bodyOf = (operationId: string) => d.manifest.operations[idOf(operationId)]?.params?.body;

  it("is drafted as an object alone, with a note, and the draft links", async () => {
    for (const operationId of ["zqNone", "zqEither", "zqForm", "zqObject"]) {
      expect(bodyOf(operationId), operationId).toMatchObject({ type: "json", jsonType: "object" });
      expect(bodyOf(operationId)?.anyOf, operationId).toBeUndefined();
    }
    expect(notesAt(d, `operations.${idOf("zqNone")}.params.body`).join("\n")).toContain(
      "the multipart body is written from an object's fields, each a part: drafted as an object alone, its other " +
        "forms (string, number, boolean, array) left out",
    );
    expect(notesAt(d, `operations.${idOf("zqEither")}.params.body`).join("\n")).toContain("other forms (string)");
    expect(notesAt(d, `operations.${idOf("zqObject")}.params.body`).join("\n")).not.toContain("object alone");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("sends an object's fields as parts, the judge taking them; another value refused before any request", async () => {
    const tools = await linkedTools(d);
    const tool = tools.find((t) => t.operationId === "zqNone") as ToolSpec;
    const { sent, judged } = await judgedCall(d, tool, { accessToken: "zq-token-0000000001", body: { zqa: "zq1" } });
    expect(new TextDecoder().decode(sent.body)).toMatch(/name="zqa"\r\n\r\nzq1\r\n/);
    expect(judged.refusals).toEqual([]);
    for (const operationId of ["zqNone", "zqEither", "zqForm"]) {
      const refused = await sentOrRefused(
        tools.find((t) => t.operationId === operationId) as ToolSpec,
        {
          body: "zqtext",
        },
        {},
      );
      expect(refused.sent, operationId).toBe(0);
      expect(refused.message, operationId).toMatch(/body/);
    }
  });

  it("of a list, optional, is left out with a note: the operation is drafted, its call sent with no body", async () => {
    const op = (document.paths as Record<string, Record<string, Json>>)["/zqrun"]?.post ?? {};
    expect(uncallableWhy(document, { path: "/zqrun", method: "post", op })).toBeUndefined();
    const run = drafted(document, ["zqRun"]);
    const id = Object.keys(run.manifest.operations)[0] ?? "";
    expect(Object.keys(run.manifest.operations[id]?.params ?? {})).toEqual(["zqwait"]);
    expect(notesAt(run, `operations.${id}`).join("\n")).toContain(
      "the request body is multipart (multipart/form-data) of a list, whose items name no part, which the runtime " +
        "does not write: not drafted; calls send no body",
    );
    expect(await linkProblems(run)).toEqual([]);
    const [tool] = await linkedTools(run);
    const { sent, judged } = await judgedCall(run, tool as ToolSpec, { accessToken: "zq-token-0001", zqwait: true });
    expect(sent.url).toBe("https://api.acme.test/zqrun?zqwait=true");
    expect(sent.body?.byteLength ?? 0).toBe(0);
    expect(judged.refusals).toEqual([]);
  });

  it("of a list names no part: no call of it could succeed", () => {
    const op = (document.paths as Record<string, Record<string, Json>>)["/zqlist"]?.post ?? {};
    expect(uncallableWhy(document, { path: "/zqlist", method: "post", op })).toContain(
      "its request body (multipart/form-data) is of a media type or shape the runtime does not write yet",
    );
  });
});
