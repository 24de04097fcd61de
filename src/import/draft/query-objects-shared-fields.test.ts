// Two object query parameters sent exploded (style form) whose fields share names (a contact's `address` and a
// third account's): each field is written `address=…`, so the document leaves which object a pair belongs to unsaid.
// Each object is drafted as one parameter that refuses the shared fields; before, each field was a parameter of its
// own and two of them sent the same pair, which the link refused (BW2011), so `add` exited 1.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const party = (extra: Record<string, unknown>) => ({
  type: "object",
  properties: { zqstreet: { type: "string" }, zqkind: { type: "string", enum: ["a", "b"] }, ...extra },
});
const document = openapi({
  "/zqquotes": {
    get: {
      operationId: "listQuotes",
      parameters: [
        { name: "zqcontact", in: "query", schema: party({ zqline2: { type: "string" } }) },
        { name: "zqthird", in: "query", schema: party({}) },
        { name: "zqtitle", in: "query", schema: { type: "string" } },
      ],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
    },
  },
});

describe("two exploded object query parameters whose fields share names", () => {
  it("are drafted as one parameter each, refusing the shared fields, and link", async () => {
    const d = drafted(document, ["listQuotes"]);
    const params = d.manifest.operations.acme_list_quotes!.params!;
    expect(Object.keys(params).sort()).toEqual(["zqcontact", "zqthird", "zqtitle"]);
    const notes = d.notes.map((n) => n.note).join("\n");
    expect(notes).toContain("query parameter zqcontact is an object sent exploded (style form), but its fields");
    expect(notes).toContain("query parameter zqthird is an object sent exploded (style form), but its fields");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("refuses a shared field before any request and sends a field of one object alone as its pair", async () => {
    const [tool] = await linkedTools(drafted(document, ["listQuotes"]));
    const { fetch, seen } = scriptedFetch(json(200, { id: "1" }), json(200, { id: "2" }));
    const call = (values: Record<string, unknown>) =>
      executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001", ...values },
        { baseUrl: "https://api.acme.test", fetch },
      );
    const refused = await call({ zqthird: { zqstreet: "1 Main St" } });
    expect(refused).toMatchObject({ success: false, error: { type: "validation" } });
    expect(JSON.stringify(refused)).toContain('got key \\"zqstreet\\"');
    expect(seen).toHaveLength(0);
    expect(await call({ zqcontact: { zqline2: "Floor 2" }, zqtitle: "Q1" })).toMatchObject({ success: true });
    expect(new URL(seen[0]!.url).search).toBe("?zqline2=Floor%202&zqtitle=Q1");
  });
});
