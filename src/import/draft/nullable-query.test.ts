// A query parameter the document lets be null (OpenAPI 3.1's `type: [string, "null"]`, a Laravel filter's
// `before`): add drafted a plain text, so `--param before=null` sent the text `null` (a date filter the service then
// refuses or reads as text) while a program's null sent nothing. Null has no form in a query: OpenAPI serialises it as
// RFC 6570 does an undefined value, writing no pair. Drafted `nullable` with a note; a caller's null, typed or given,
// sends no pair (nor the default), a required one given null is refused naming it, and the request judge takes the
// request.
import { rmSync } from "node:fs";
import { executeToolDefinition, typedText } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const doc = {
  ...openapi({
    "/zqentries": {
      get: {
        operationId: "listZqentries",
        parameters: [
          { name: "before", in: "query", schema: { type: ["string", "null"], format: "date-time" } },
          { name: "zqLimit", in: "query", schema: { type: ["integer", "null"], default: 50 } },
          { name: "zqOwner", in: "query", required: true, schema: { type: ["string", "null"] } },
          { name: "zqText", in: "query", schema: { type: "string" } },
        ],
        responses: { "200": reply({ type: "object", properties: { zqid: { type: "string" } } }) },
      },
    },
  }),
  openapi: "3.1.0",
};

describe("a query parameter that may be null", () => {
  const d = drafted(doc, ["listZqentries"]);
  const params = d.manifest.operations.acme_list_zqentries?.params ?? {};

  it("is drafted nullable, with a note saying null sends nothing; a text that may not be null is not", async () => {
    expect(params.before?.nullable).toBe(true);
    expect(params.zqLimit?.nullable).toBe(true);
    expect(params.zqOwner?.nullable).toBe(true);
    expect(params.zqText?.nullable).toBeUndefined();
    expect(notesAt(d, "operations.acme_list_zqentries.params.before")).toContain(
      "the spec lets before be null, which a query cannot carry (OpenAPI writes no pair for null): nullable, a " +
        "call's null sends no before",
    );
    expect(notesAt(d, "operations.acme_list_zqentries.params.zqOwner").join(" ")).toContain(
      "(refused: it is required)",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("sends no pair for a null, typed or given, nor the default; refuses a required one's null by name", async () => {
    const tool = (await linkedTools(d)).find((t) => t.operationId === "listZqentries");
    if (!tool) throw new Error("listZqentries not linked");
    const before = tool.params.find((p) => p.name === "before");
    // What `call --param before=null` gives: null, not the text.
    expect(before && typedText(before, "null")).toBeNull();
    const { fetch, seen } = scriptedFetch(json(200, { zqid: "e1" }));
    const base = { baseUrl: "http://127.0.0.1:9", fetch };
    const input = { accessToken: "zq-credential-0001", zqOwner: "zq a", before: null, zqLimit: null, zqText: "null" };
    expect(await executeToolDefinition(tool, input, base)).toMatchObject({ success: true });
    expect(new URL(seen[0]?.url ?? "").search).toBe("?zqOwner=zq%20a&zqText=null");
    const refused = await executeToolDefinition(tool, { ...input, zqOwner: null }, base);
    expect(refused).toMatchObject({
      success: false,
      error: { message: expect.stringContaining("zqOwner: is required, got null") },
    });
    expect(seen).toHaveLength(1);
  });
});
