// An operation the document serves under its own server: the mock serves it, and the request judge reads it, under
// that server's path, so the derived contract cases test the address the call really goes to.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { requestJudge } from "../../judge/judge.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { failedCases } from "../__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const answer = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) };
const UPLOADS = [{ url: "https://upload.acme.test/api/9" }];
const d = drafted(
  openapi(
    {
      "/zq_sessions": {
        post: { operationId: "zqOpenSession", servers: UPLOADS, responses: answer },
        get: { operationId: "zqListSessions", responses: answer },
      },
      "/zq_sessions/{id}/zq_parts": {
        servers: UPLOADS,
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 20 } }],
        put: { operationId: "zqPutPart", responses: answer },
      },
    },
    {},
    { servers: [{ url: "https://api.acme.test/v2" }] },
  ),
  ["zqOpenSession", "zqListSessions", "zqPutPart"],
  "zqopsrv",
);

describe("an operation served under its own server's path", () => {
  it("is judged there, and refused under the document's path; the others the other way round", () => {
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")), {
      basePath: "/v2",
      credential: "form",
    });
    const rules = (method: string, path: string) =>
      judge({ method, url: `https://h.test${path}`, headers: new Headers() }).refusals.map((r) => r.rule);
    expect(rules("PUT", "/api/9/zq_sessions/zq1/zq_parts")).toEqual([]);
    expect(rules("PUT", "/v2/zq_sessions/zq1/zq_parts")).toEqual(["route"]);
    expect(rules("POST", "/api/9/zq_sessions")).toEqual([]);
    expect(rules("POST", "/v2/zq_sessions")).toEqual(["route"]);
    expect(rules("GET", "/v2/zq_sessions")).toEqual([]);
    expect(rules("GET", "/api/9/zq_sessions")).toEqual(["route"]);
  });

  it("every derived case passes on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(d, "zqopsrv");
    expect(ids.filter((id) => /zq_open_session|zq_put_part/.test(id)).length).toBeGreaterThan(1);
    expect(failed).toEqual([]);
  });
});
