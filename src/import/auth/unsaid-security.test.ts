// An operation whose own `security: []` says it takes no credential, chosen beside operations that name a scheme (a
// CORS preflight beside an API's bearer-token reads): the cut keeps its `security: []`, so no credential goes to it.
// The review note said the manifest sends it the drafted one, which no call did.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
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

const answer = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) };
const document = openapi(
  {
    "/zq-tags/{id}": {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      get: { operationId: "getZqTag", responses: answer },
      options: { operationId: "optionsZqTag", security: [], responses: answer },
    },
  },
  { securitySchemes: { zqBearer: { type: "http", scheme: "bearer" } } },
  { security: [{ zqBearer: [] }] },
);

describe("an operation of security: [] beside operations naming a scheme", () => {
  it("is said to be sent no credential, and is sent none; the others are sent the drafted one", async () => {
    const d = drafted(document, ["getZqTag", "optionsZqTag"]);
    expect(d.manifest.auth).toEqual({ scheme: "zqBearer", param: "accessToken" });
    expect(notesAt(d, "auth")).toContain(
      "optionsZqTag names no security scheme (security: []), which says no credential is needed (some servers " +
        "leave authentication to the deployment): it is sent none, as the document says, the others the one " +
        "drafted; check whether the API needs it",
    );
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    const sent = async (operationId: string) => {
      const tool = tools.find((t) => t.operationId === operationId)!;
      const { fetch, seen } = scriptedFetch(json(200, { id: "zq1" }));
      const result = await executeToolDefinition(
        tool,
        { accessToken: "zq-token-0123456789", id: "zq 1" },
        { baseUrl: "http://127.0.0.1:9", fetch },
      );
      expect(result.success).toBe(true);
      return seen[0]!.headers.get("authorization");
    };
    expect(await sent("optionsZqTag")).toBeNull();
    expect(await sent("getZqTag")).toBe("Bearer zq-token-0123456789");
  });

  it("alone (every chosen operation naming none): the drafted credential takes the empty requirement's place", () => {
    const d = drafted(document, ["optionsZqTag"]);
    expect(notesAt(d, "auth")[0]).toMatch(/: the manifest sends the one drafted; check whether the API needs it$/);
  });

  it("written as one requirement naming nothing (security: [{}]) is quoted as written", () => {
    const d = drafted({ ...document, security: [{}] }, ["getZqTag"]);
    expect(notesAt(d, "auth")[0]).toMatch(/^getZqTag names no security scheme \(security: \[\{\}\]\), which says/);
  });
});
