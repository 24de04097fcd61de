// A path that writes its server's path again (`https://api.acme.test/zqapi/v1` and `/zqapi/v1/zqspecs`): the call
// went to `/zqapi/v1/zqapi/v1/zqspecs`. It is drafted without it (`/zqspecs`), the call going to
// `/zqapi/v1/zqspecs`; a path whose shorter name the document has, one that only shares a first segment and one under
// an operation's own server stay as written.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { executeToolDefinition } from "@blockwright/runtime";
import { parse } from "yaml";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const get = (operationId: string, extra: Record<string, unknown> = {}) => ({
  get: { operationId, responses: { "200": reply({ type: "object" }) }, ...extra },
});
const document = openapi(
  {
    "/zqapi/v1/zqspecs": get("zqSpecs"),
    "/zqapi/v1/zqboth": get("zqBothLong"),
    "/zqboth": get("zqBothShort"),
    "/zqapi/v1x/zqnear": get("zqNear"),
    "/zqapi/v1/zqown": get("zqOwn", { servers: [{ url: "https://upload.acme.test/zqapi/v1" }] }),
    "/zqitems": get("zqItems"),
  },
  {},
  { servers: [{ url: "https://api.acme.test/zqapi/v1" }] },
);
const ALL = ["zqSpecs", "zqBothLong", "zqBothShort", "zqNear", "zqOwn", "zqItems"];

describe("a path that writes its server's path again", () => {
  const d = drafted(document, ALL);
  const cutPaths = () =>
    Object.fromEntries(Object.keys((parse(d.openapiText) as { paths: object }).paths).map((p) => [p, 1]));

  it("drafted without it, said in a note and the cut's header; the others as written", () => {
    const paths = cutPaths();
    expect(paths).toEqual(
      expect.objectContaining({ "/zqspecs": 1, "/zqapi/v1/zqboth": 1, "/zqboth": 1, "/zqapi/v1x/zqnear": 1 }),
    );
    expect(paths).not.toHaveProperty("/zqapi/v1/zqspecs");
    expect(paths).toHaveProperty("/zqapi/v1/zqown");
    expect(d.manifestText).toContain("openapi.yaml writes /zqapi/v1/zqspecs as /zqspecs");
    expect(d.openapiText).toContain("path /zqapi/v1/zqspecs as /zqspecs (it wrote the server's path /zqapi/v1 again)");
  });

  it("the call goes to the server's path once", async () => {
    expect(await linkProblems(d)).toEqual([]);
    const tools = await linkedTools(d);
    const tool = tools.find((t) => /zqspecs/i.test(t.operationId)) as ToolSpec;
    expect(tool).toBeDefined();
    const { fetch, seen } = scriptedFetch(json(200, {}));
    const result = await executeToolDefinition(tool, { accessToken: "zq-token-0000000001" }, { fetch });
    expect(result.success).toBe(true);
    expect((seen[0] as { url: string }).url).toBe("https://api.acme.test/zqapi/v1/zqspecs");
  });
});
