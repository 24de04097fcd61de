// A session cookie's value as an operation's parameter (found in the public directory, link audit 1288: a cloud's
// header `Cookie` on its sign-in pages, undescribed; a media API's query `identity_cookie`, "The zq-id cookie value"):
// add drafted each a plain text, so the session was written in clear in logs, errors and recordings and a model could
// be asked for it. Whoever holds it is signed in as its user: drafted secret and user-only now, sent as it is given.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { zqOk: { type: "boolean" } } }, { zqOk: true }) };
const text = (name: string, place: string, description?: string) => ({
  name,
  in: place,
  schema: { type: "string" },
  ...(description ? { description } : {}),
});
const doc = openapi({
  "/zqauthorize": {
    get: {
      operationId: "zqAuthorize",
      parameters: [text("Cookie", "header"), text("zqstate", "query")],
      responses: ok,
    },
  },
  "/zqwatching": {
    get: {
      operationId: "zqWatching",
      parameters: [
        text("zq_identity_cookie", "query", "The zq-id cookie value"),
        text("zq_cookie_name", "query", "The name of the cookie to read."),
      ],
      responses: ok,
    },
  },
});

describe("a session cookie's value as a parameter", () => {
  const d = drafted(doc, ["zqAuthorize", "zqWatching"]);
  const ops = d.manifest.operations;

  it("is drafted secret and user-only, in a header or the query; a cookie name stays plain; it links", async () => {
    const cookie = ops.acme_zq_authorize?.params?.Cookie;
    expect(cookie).toMatchObject({ secret: true, visibility: "user-only" });
    expect(ops.acme_zq_authorize?.params?.zqstate?.secret).toBeFalsy();
    expect(ops.acme_zq_watching?.params?.zq_identity_cookie).toMatchObject({ secret: true, visibility: "user-only" });
    expect(ops.acme_zq_watching?.params?.zq_cookie_name?.secret).toBeFalsy();
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is sent as given and withheld from an upstream's error that echoes it", async () => {
    const tool = (await linkedTools(d)).find((t) => t.operationId === "zqWatching") as ToolSpec;
    const session = "zq-session-5f1c9a7e0042";
    const failing = scriptedFetch(json(401, { message: `session ${session} expired` }));
    const input = { accessToken: "zq-bearer-0001", zq_identity_cookie: session };
    const run = await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch: failing.fetch });
    expect(new URL(failing.seen[0]?.url ?? "").searchParams.get("zq_identity_cookie")).toBe(session);
    expect(run.success).toBe(false);
    expect(JSON.stringify(run)).not.toContain(session);
  });
});
