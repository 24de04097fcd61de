// A deepObject query parameter that names a field and takes any other (`additionalProperties: true`: "unmapped
// key/values passed through to downstream as query parameters, ?pass_through[search]=leads"): drafted as a parameter
// per named field, so the one key the document names as an example was all a call could send, and
// `pass_through[search]=leads` none. Such an object is drafted as one parameter, as a map is, and any field sent.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { requestJudge, type SentRequest } from "../../judge/judge.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
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

const open = (extra: unknown) => ({
  type: "object",
  additionalProperties: extra,
  properties: { zq_sample_key: { type: "string", description: "Passed on as is." } },
});
const doc = openapi({
  "/zqleads": {
    get: {
      operationId: "listZqLeads",
      parameters: [
        { name: "zq_pass", in: "query", style: "deepObject", explode: true, schema: open(true) },
        { name: "zq_tags", in: "query", style: "deepObject", explode: true, schema: open({ type: "string" }) },
        { name: "zq_filter", in: "query", style: "deepObject", explode: true, schema: open(false) },
      ],
      responses: { "200": reply({ type: "object", properties: { found: { type: "integer" } } }) },
    },
  },
});

describe("a deepObject query parameter open to fields it does not name", () => {
  it("is drafted as one parameter, said so; a closed one field by field", async () => {
    const d = drafted(doc, ["listZqLeads"]);
    const params = d.manifest.operations.acme_list_zq_leads!.params!;
    expect(params.zq_pass).toMatchObject({ type: "json", jsonType: "object", wire: { in: "query" } });
    expect(params.zq_tags).toMatchObject({ type: "json", jsonType: "object", wire: { in: "query" } });
    expect(params.zq_sample_key).toMatchObject({ wire: { in: "query", name: "zq_filter", field: "zq_sample_key" } });
    expect(notesAt(d, "operations.acme_list_zq_leads").join(" ")).toContain(
      "query parameter zq_pass is an object that names zq_sample_key and takes other fields too",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("sends a field it does not name, which the judge takes", async () => {
    const d = drafted(doc, ["listZqLeads"]);
    const [tool] = await linkedTools(d);
    let sent: SentRequest | undefined;
    const fetchFn = async (request: Request) => {
      sent = { method: request.method, url: request.url, headers: new Headers(request.headers) };
      return new Response(JSON.stringify({ found: 2 }), { headers: { "content-type": "application/json" } });
    };
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001", zq_pass: { search: "San Francisco", zq_sample_key: "a&b" } },
      { baseUrl: "https://api.acme.test", fetch: fetchFn },
    );
    expect(result).toMatchObject({ success: true });
    expect([...new URL(sent!.url).searchParams]).toEqual([
      ["zq_pass[search]", "San Francisco"],
      ["zq_pass[zq_sample_key]", "a&b"],
    ]);
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")), {
      credential: "form",
    });
    expect(judge(sent!).refusals).toEqual([]);
  });
});
