// A body offered as JSON of named fields and as a file's bytes or a text (`application/json` beside
// `application/octet-stream`, or beside `text/csv`): it was drafted as the JSON fields alone, so no file or text could
// be sent. A whole-body file sits beside the fields now, the rule `replaces` between them: the fields the JSON
// requires are required unless the file is given, and none goes with it. JSON goes as application/json, the file as
// the document's type (its own type where the document names a range), and the request judge and the mock take each.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted, judgedCall, linkedTools, linkProblems, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const created = {
  "201": { description: "Stored.", content: { "application/json": { schema: { type: "object" }, example: {} } } },
};

const document = openapi({
  "/zqnotes/{zqKey}": {
    put: {
      operationId: "zqPutNote",
      parameters: [{ name: "zqKey", in: "path", required: true, schema: { type: "string" } }],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqTitle"],
              properties: {
                zqTitle: { type: "string", example: "zq note" },
                zqCount: { type: "integer", minimum: 0, example: 2 },
              },
            },
          },
          "application/octet-stream": { schema: { type: "string", format: "binary" } },
        },
      },
      responses: created,
    },
  },
  "/zqrows": {
    post: {
      operationId: "zqImportRows",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqRows"],
              properties: { zqRows: { type: "array", items: { type: "string" }, example: ["a,b"] } },
            },
          },
          "text/csv": { schema: { type: "string" } },
        },
      },
      responses: created,
    },
  },
});

describe("a body offered as JSON fields or as a file's bytes or a text", () => {
  const d = drafted(document, ["zqPutNote", "zqImportRows"], "zqnf");

  it("is drafted as the fields or a file that replaces them, the fields required without it", () => {
    const note = d.manifest.operations.zqnf_zq_put_note;
    expect(note?.rules).toEqual([
      { rule: "replaces", param: "file", params: ["zqTitle", "zqCount"], required: ["zqTitle"] },
    ]);
    expect(note?.params?.zqTitle?.required).toBeUndefined();
    expect(note?.params?.file).toMatchObject({ type: "file", wire: { in: "body", pointer: "" } });
    const rows = d.manifest.operations.zqnf_zq_import_rows;
    expect(rows?.rules).toEqual([{ rule: "replaces", param: "file", params: ["zqRows"], required: ["zqRows"] }]);
  });

  it("sends the fields as JSON, or the file as the document's type, each taken by the judge", async () => {
    const tools = await linkedTools(d, "zqnf");
    const [note, rows] = ["zqnf_zq_put_note", "zqnf_zq_import_rows"].map((id) => tools.find((t) => t.id === id));
    const given = { accessToken: "zq-token-0001" };
    const sends: Array<[typeof note, Record<string, unknown>, string, string]> = [
      [note, { zqKey: "k", zqTitle: "hi", zqCount: 1 }, "application/json", '{"zqTitle":"hi","zqCount":1}'],
      [
        note,
        { zqKey: "k", file: new Blob([new Uint8Array([0, 255, 7])]) },
        "application/octet-stream",
        "\u0000\uFFFD\u0007",
      ],
      [rows, { zqRows: ["x,y"] }, "application/json", '{"zqRows":["x,y"]}'],
      [rows, { file: new Blob(["a,b\n1,é\n"], { type: "text/plain" }) }, "text/csv", "a,b\n1,é\n"],
    ];
    for (const [tool, input, type, text] of sends) {
      const { sent, judged } = await judgedCall(d, tool!, { ...given, ...input });
      expect(judged.refusals).toEqual([]);
      expect(sent.headers.get("content-type")).toBe(type);
      expect(new TextDecoder().decode(sent.body)).toBe(text);
    }
  });

  it("refuses the file with a field, and neither, before any request", async () => {
    const note = (await linkedTools(d, "zqnf")).find((t) => t.id === "zqnf_zq_put_note");
    let requests = 0;
    const fetch = async () => [requests++, new Response("{}", { status: 201 })][1] as Response;
    const call = (input: Record<string, unknown>) =>
      executeToolDefinition(
        note!,
        { accessToken: "zq-token-0001", zqKey: "k", ...input },
        {
          baseUrl: "https://api.acme.test",
          fetch,
        },
      );
    const both = await call({ zqCount: 1, file: new Blob(["x"]) });
    expect(both).toMatchObject({
      success: false,
      error: { message: expect.stringContaining("zqCount: not taken with file, which is sent instead of them") },
    });
    const neither = await call({ zqCount: 1 });
    expect(neither).toMatchObject({
      success: false,
      error: { message: expect.stringContaining("zqTitle: required unless file is given") },
    });
    expect(requests).toBe(0);
  });

  it("links the rule only where the file can be given: a field every call gives is refused, named", async () => {
    expect(await linkProblems(d, "zqnf")).toEqual([]);
    const broken = d.manifestText
      .replace("        required:\n          - zqTitle\n", "        required:\n          - zqTag\n")
      .replace(
        "        minimum: 0\n        example: 2\n",
        "        minimum: 0\n        example: 2\n        default: 3\n",
      );
    expect(broken).toContain("- zqTag");
    const problems = (await linkProblems({ ...d, manifestText: broken }, "zqnf")).join("\n");
    expect(problems).toMatch(/rules\.0\.required\.0: "zqTag" is not one of params \(zqTitle, zqCount\)/);
    expect(problems).toMatch(/rules\.0\.params\.1: "zqCount" has a default, so every call gives it/);
  });

  it("every derived case passes on the mock and its judge, a case per form", async () => {
    const { ids, failed } = await failedCases(d, "zqnf");
    expect(ids).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/replaces: file alone$/),
        expect.stringMatching(/replaces: zqTitle without file$/),
        expect.stringMatching(/replaces: zqRows without file$/),
        expect.stringMatching(/replaces: file with zqTitle$/),
        expect.stringMatching(/replaces: neither file nor zqTitle$/),
      ]),
    );
    expect(failed).toEqual([]);
  });
});
