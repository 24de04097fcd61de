// A JSON request body the document gives no schema, an example alone (a generated document's every body): OpenAPI reads
// a media type without a schema as any value. The load read no body at all, so add drafted the operation with none
// ("the request body is application/json, which the runtime does not write") while the request judge, reading the
// document, refused every call of a required body for sending none. The body is now any JSON value: drafted as one
// parameter holding the whole body, sent as given, and held to nothing but being JSON.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, judgedCall, linkedTools, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = (required: boolean) =>
  openapi({
    "/zqrooms/{zqSlug}/update": {
      post: {
        operationId: "zqUpdateRoom",
        parameters: [{ name: "zqSlug", in: "path", required: true, schema: { type: "string" } }],
        requestBody: {
          required,
          content: { "application/json": { example: { zqName: "Updated", zqTemp: 0.2, zqHistory: 20 } } },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
      },
    },
  });

describe("a JSON request body with no schema", () => {
  it("is drafted as one parameter holding the whole body, required as the body is, and not called unwritten", () => {
    for (const required of [true, false]) {
      const d = drafted(document(required), ["zqUpdateRoom"]);
      const op = d.manifest.operations.acme_zq_update_room;
      expect(op?.params?.body).toMatchObject({ type: "json", wire: { in: "body", pointer: "" } });
      expect(Boolean(op?.params?.body?.required)).toBe(required);
      expect(d.manifestText).not.toMatch(/which the runtime does not write/);
    }
  });

  it("is sent as given, as JSON, and the request judge takes the call", async () => {
    const d = drafted(document(true), ["zqUpdateRoom"]);
    const [tool] = await linkedTools(d);
    const body = { zqName: "a b/é&", zqTemp: 0.5, zqList: [1, "x"] };
    const { sent, judged } = await judgedCall(d, tool as never, { accessToken: "zq-token-0001", zqSlug: "r 1", body });
    expect(sent.method).toBe("POST");
    expect(sent.url).toBe("https://api.acme.test/zqrooms/r%201/update");
    expect(sent.headers.get("content-type")).toMatch(/^application\/json/);
    expect(JSON.parse(new TextDecoder().decode(sent.body))).toEqual(body);
    expect(judged.refusals).toEqual([]);
  });
});
