// Parameters the document puts in a cookie (`in: cookie`), by schema or by `content` (issue 55 item 3): drafted,
// sent as pairs of the Cookie header beside a cookie credential, a JSON one as its JSON text, and kept by the
// request judge. Before, add left them out ("the runtime sends no cookies").
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition, fullSupport } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { requestJudge } from "../../judge/judge.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const prefs = {
  type: "object",
  properties: { theme: { type: "string", maxLength: 20 }, rows: { type: "integer", minimum: 1, maximum: 50 } },
};
const document = openapi(
  {
    "/zq-shelves": {
      get: {
        operationId: "listShelves",
        parameters: [
          {
            name: "zqlang",
            in: "cookie",
            required: true,
            description: "The reader's language.",
            schema: { type: "string", maxLength: 8 },
          },
          {
            name: "zqprefs",
            in: "cookie",
            description: "The reader's display preferences.",
            content: { "application/json": { schema: prefs } },
          },
        ],
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
      },
    },
  },
  { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "zqsid" } } },
  { security: [{ session: [] }] },
);

describe("a cookie parameter", () => {
  it(
    "is drafted, by its schema or its content's, and sent as a Cookie pair beside the " +
      "credential's; the judge keeps the request",
    async () => {
      const d = drafted(document, ["listShelves"]);
      const params = d.manifest.operations.acme_list_shelves!.params!;
      expect(params.zqlang).toMatchObject({ type: "string", required: true, maxLength: 8, wire: { in: "cookie" } });
      expect(params.zqprefs).toMatchObject({ type: "json", jsonType: "object", wire: { in: "cookie" } });
      expect(await linkProblems(d)).toEqual([]);
      const [tool] = await linkedTools(d);
      const { fetch, seen } = scriptedFetch(json(200, { id: "s1" }));
      const credential = Object.keys(d.manifest.params ?? {})[0]!;
      const done = await executeToolDefinition(
        tool!,
        { [credential]: "zq-session-0001", zqlang: "pt BR", zqprefs: { theme: "dark; x", rows: 3 } },
        { ...fullSupport, baseUrl: "https://api.acme.test", fetch },
      );
      expect(done.success).toBe(true);
      const cookie = seen[0]!.headers.get("cookie")!;
      expect(cookie.split("; ").sort()).toEqual([
        "zqlang=pt%20BR",
        `zqprefs=${encodeURIComponent('{"theme":"dark; x","rows":3}')}`,
        "zqsid=zq-session-0001",
      ]);
      const judged = requestJudge(new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")), {
        credential: "present",
      })({ method: "GET", url: seen[0]!.url, headers: seen[0]!.headers });
      expect(judged.refusals).toEqual([]);
      expect([judged.read.params.get("cookie:zqlang"), judged.read.params.get("cookie:zqprefs")]).toEqual([
        "pt BR",
        { theme: "dark; x", rows: 3 },
      ]);
    },
  );
});
