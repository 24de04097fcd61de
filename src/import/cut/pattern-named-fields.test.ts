// A body field whose name is a pattern (`$ANY_BODY_PARAMS`, a proxy's "any field you send is passed on") was drafted
// as a field of that literal name, sent as written. The body is read as what it means, an object open to other
// fields: the field is out of the cut, the object's other fields (additionalProperties) its schema, drafted as the
// body's open fields and sent beside the named ones.
import { rmSync } from "node:fs";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const doc = () =>
  openapi({
    "/zqproxy": {
      post: {
        operationId: "postZqProxy",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: { type: "object", properties: { zqNote: text, $ANY_BODY_PARAMS: text }, required: ["zqNote"] },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "z1" }) },
      },
    },
  });

describe("a body field whose name is a pattern", () => {
  it("is read as the body's other fields: none of that name is drafted or sent", async () => {
    const d = drafted(doc(), ["postZqProxy"], "zqproxy");
    const params = d.manifest.operations?.zqproxy_post_zq_proxy?.params ?? {};
    expect(Object.keys(params).sort()).toEqual(["otherFields", "zqNote"]);
    const withoutHeader = d.openapiText
      .split("\n")
      .filter((l) => !l.startsWith("#"))
      .join("\n");
    expect(withoutHeader).not.toContain("$ANY_");
    expect(d.openapiText).toMatch(/^# Changed by blockwright add.*field \$ANY_BODY_PARAMS read as the body's other/m);
    expect(d.notes.map((n) => n.note).join("\n")).toContain(
      "drafted as the body's other fields (otherFields, sent beside the named ones",
    );
    expect(await linkProblems(d, "zqproxy")).toEqual([]);
    const [tool] = await linkedTools(d, "zqproxy");
    const sent: unknown[] = [];
    const fetch = async (r: Request) => {
      sent.push(await r.json());
      return new Response('{"id":"z1"}', { headers: { "content-type": "application/json" } });
    };
    const given = { accessToken: "zq-token-secret-1", zqNote: "n", otherFields: { zqColour: "red" } };
    const result = await executeToolDefinition(tool as ToolSpec, given, { fetch, baseUrl: "http://127.0.0.1:9" });
    expect(result).toMatchObject({ success: true });
    expect(sent).toEqual([{ zqNote: "n", zqColour: "red" }]);
  });
});
