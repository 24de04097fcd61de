// A body offered as JSON fields or as a text (the file replaces the fields: rule `replaces`), whose fields' words say
// "Provide exactly one of zqContent, zqValue, or zqDestination": the words hold of the fields' form only. Drafted as
// the rule exactlyOne, a call giving the file alone was refused before any request ("exactly one of … is required,
// got none"), and two derived cases failed on the draft's own mock. Now at most one of the fields, and one of them or
// the file.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, notesAt, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ONE = "Provide exactly one of `zqContent`, `zqValue`, or `zqDestination`.";
const document = openapi({
  "/zqnotes/{zqKey}": {
    patch: {
      operationId: "zqPatchNote",
      parameters: [{ name: "zqKey", in: "path", required: true, schema: { type: "string" } }],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqTarget"],
              properties: {
                zqTarget: { type: "string", example: "zq heading" },
                zqContent: { type: "string", description: `Text to insert. ${ONE}`, example: "zq text" },
                zqValue: { type: "number", description: `A value to set. ${ONE}`, example: 2 },
                zqDestination: { type: "string", description: `Where to move it. ${ONE}`, example: "zq other" },
              },
            },
          },
          "text/markdown": { schema: { type: "string" } },
        },
      },
      responses: { "204": { description: "Patched." } },
    },
  },
});

describe("words over fields a file replaces", () => {
  const d = drafted(document, ["zqPatchNote"], "zqrf");
  const op = d.manifest.operations.zqrf_zq_patch_note;

  it("are drafted as at most one of the fields, and one of them or the file, with a note saying so", () => {
    const fields = ["zqContent", "zqValue", "zqDestination"];
    expect(op?.rules).toEqual([
      { rule: "replaces", param: "file", params: ["zqTarget", ...fields], required: ["zqTarget"] },
      { rule: "atMostOne", groups: fields.map((f) => [f]) },
      { rule: "anyOf", groups: [...fields.map((f) => [f]), ["file"]] },
    ]);
    expect(notesAt(d, "operations.zqrf_zq_patch_note").join("\n")).toMatch(
      new RegExp(
        "drafted as the rules atMostOne and anyOf \\(exactly one of zqContent, zqValue or zqDestination; " +
          "file, which is sent instead of them, meets it alone\\)",
      ),
    );
  });

  it("take the file alone or one field, refuse two fields or none, before any request", async () => {
    expect(await linkProblems(d, "zqrf")).toEqual([]);
    const tool = (await linkedTools(d, "zqrf")).find((t) => t.id === "zqrf_zq_patch_note");
    let requests = 0;
    const fetch = async () => [requests++, new Response(null, { status: 204 })][1] as Response;
    const call = (input: Record<string, unknown>) =>
      executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001", zqKey: "k", ...input },
        {
          baseUrl: "https://api.acme.test",
          fetch,
        },
      );
    expect(await call({ file: new Blob(["# zq"]) })).toMatchObject({ success: true });
    expect(await call({ zqTarget: "t", zqValue: 1 })).toMatchObject({ success: true });
    expect(requests).toBe(2);
    expect(await call({ zqTarget: "t", zqValue: 1, zqContent: "c" })).toMatchObject({ success: false });
    expect(await call({ zqTarget: "t" })).toMatchObject({ success: false });
    expect(requests).toBe(2);
  });

  it("every derived case passes on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(d, "zqrf");
    expect(ids).toEqual(expect.arrayContaining([expect.stringMatching(/replaces: file alone$/)]));
    expect(failed).toEqual([]);
  });
});
