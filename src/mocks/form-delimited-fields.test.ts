// A form body whose lists the document writes space- or pipe-delimited (`encoding: {zqids: {style: pipeDelimited}}`,
// as a Swagger 2.0 `formData` list of collectionFormat `pipes` or `ssv` converts): the mock served such a field to
// Prism as one text, its style kept, and Prism's deserialiser of a delimited field threw on a field that is no list.
// The throw ended the mock's process at the first body, and every case of the provider could not run. The field goes
// without its encoding now; the request judge, in front, reads it as the document writes it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "../contract/__fixtures__/drafted-subject.js";

const document = openapi({
  "/zqforms": {
    post: {
      operationId: "zqForm",
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              required: ["zqname"],
              properties: {
                zqname: { type: "string", maxLength: 20 },
                zqids: { type: "array", items: { type: "integer" } },
                zqwords: { type: "array", items: { type: "string", pattern: "^[a-z]+$" } },
              },
            },
            encoding: {
              zqids: { style: "pipeDelimited", explode: false },
              zqwords: { style: "spaceDelimited", explode: false },
            },
          },
        },
      },
      responses: {
        "200": { description: "kept", content: { "application/json": { schema: { type: "object" } } } },
      },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqdelimited", document, ["zqForm"]);
});
afterAll(async () => {
  await on?.close();
});

const post = (body: string) =>
  fetch(`${on?.url}/zqforms`, {
    method: "POST",
    headers: {
      authorization: "Bearer zq-mock-token-0001",
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
    },
    body,
  });

describe("a form body of space- and pipe-delimited lists", () => {
  it("is read by the mock, which keeps running: every case passes", async () => {
    if (!on) throw new Error("the mock did not start");
    expect(await casesNotPassed(on)).toEqual([]);
  });

  it("is held to the document by the judge in front: delimited lists kept, one joined by commas refused", async () => {
    if (!on) throw new Error("the mock did not start");
    const kept = await post("zqname=zqn&zqids=1%7C2&zqwords=ab%20cd");
    expect(kept.status).toBe(200);
    await kept.arrayBuffer();
    const commas = await post("zqname=zqn&zqids=1,2");
    expect(commas.status).toBe(422);
    expect(await commas.text()).toContain("zqids");
    const alone = await post("zqname=zqn");
    expect(alone.status).toBe(200);
    await alone.arrayBuffer();
  });
});
