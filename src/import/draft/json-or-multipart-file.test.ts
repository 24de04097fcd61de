// A body offered as JSON and as multipart/form-data whose schema holds files (`files: array of binary`, a logo
// `format: binary`): JSON was chosen, as it always is when offered, and the files became JSON inputs no call could
// fill with a file. The multipart is chosen then, the one way a file goes; a JSON body with no file stays JSON.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";
import { requestBodyOf } from "../../load/request-bodies.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const send = {
  type: "object",
  properties: {
    title: { type: "string", maxLength: 200 },
    files: { type: "array", items: { type: "string", format: "binary" } },
    file_urls: { type: "array", items: { type: "string", maxLength: 500 } },
  },
};
const both = (schema: unknown) => ({
  content: { "application/json": { schema }, "multipart/form-data": { schema } },
});
const zqDoc = openapi({
  "/zqsend": {
    post: {
      operationId: "zqSend",
      requestBody: { required: true, ...both({ $ref: "#/components/schemas/ZqSend" }) },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "s1" }) },
    },
  },
});
(zqDoc as { components?: Record<string, unknown> }).components = { schemas: { ZqSend: send } };

describe("a body offered as JSON and multipart whose fields hold files", () => {
  it("is the multipart, its files file inputs; one with no file stays JSON", async () => {
    const resolve = (v: Record<string, unknown>) => v;
    expect(requestBodyOf(resolve, both(send))?.encoding).toBe("multipart");
    const plain = { type: "object", properties: { title: { type: "string" } } };
    expect(requestBodyOf(resolve, both(plain))?.encoding).toBe("json");
    const d = drafted(zqDoc, ["zqSend"]);
    const params = d.manifest.operations.acme_zq_send?.params ?? {};
    expect(params.files).toMatchObject({ type: "file", multiple: true });
    expect(await linkProblems(d)).toEqual([]);
  });
});
