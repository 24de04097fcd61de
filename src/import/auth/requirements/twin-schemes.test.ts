// Two schemes that send the same credential the same way (two `http` bearer schemes, one with a bearerFormat; a header
// key declared twice, its name in another case) were drafted as two ways, the same key asked for under two inputs
// titled alike. They are one way now, one input, the first scheme's name; a scheme that sends otherwise stays a way.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }) };
const document = openapi(
  { "/zqshelves": { get: { operationId: "listZqShelves", responses: ok } } },
  {
    securitySchemes: {
      zqHttp: { type: "http", scheme: "bearer" },
      zqBearer: { type: "http", scheme: "Bearer", bearerFormat: "zq_live_xxx", description: "The zq key." },
      zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" },
      zqKeyAgain: { type: "apiKey", in: "header", name: "x-zq-key" },
    },
  },
  { security: [{ zqHttp: [] }, { zqBearer: [] }, { zqKey: [] }, { zqKeyAgain: [] }] },
);

describe("schemes that send the same credential the same way", () => {
  const d = drafted(document, ["listZqShelves"]);

  it("are one way each: one input for the bearer, one for the header key", async () => {
    const auth = d.manifest.auth as { scheme: string; alternatives?: { scheme: string }[] };
    const schemes = [auth.scheme, ...(auth.alternatives ?? []).map((a) => a.scheme)];
    expect([...schemes].sort()).toEqual(["zqHttp", "zqKey"]);
    const secrets = Object.entries(d.manifest.params ?? {}).filter(([, p]) => (p as { secret?: boolean }).secret);
    expect(secrets).toHaveLength(2);
    expect(notesAt(d, "auth").join("\n")).toContain("zqBearer as zqHttp");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("sends the one bearer input as the document's schemes do", async () => {
    const [tool] = (await linkedTools(d)) as [ToolSpec];
    const auth = d.manifest.auth as {
      scheme: string;
      param: string;
      alternatives?: { scheme: string; param: string }[];
    };
    const bearer = auth.scheme === "zqHttp" ? auth.param : auth.alternatives?.find((a) => a.scheme === "zqHttp")?.param;
    const { fetch, seen } = scriptedFetch(json(200, { id: "zq1" }));
    const result = await executeToolDefinition(
      tool,
      { [bearer as string]: "zq-secret-1" },
      {
        baseUrl: "http://127.0.0.1:9",
        fetch,
        retries: 0,
      },
    );
    expect(result.success).toBe(true);
    expect((seen[0] as { headers: Headers }).headers.get("authorization")).toBe("Bearer zq-secret-1");
  });
});
