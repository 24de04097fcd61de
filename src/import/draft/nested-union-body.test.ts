// A JSON body that is a union of unions (`oneOf: [{oneOf: [sms, …]}, {oneOf: [image, …]}]`, a messaging API's
// channels each a union of its message kinds, each kind an allOf of objects): the draft read a nested union as no
// type and drafted the whole body as text, so every case sent `"example"` where the service takes an object. A
// branch that is a union takes the richest kind of its own branches.
import { describe, expect, it } from "vitest";
import { drafted, linkProblems, openapi } from "../__fixtures__/draft-kit.js";

const kind = (name: string) => ({
  allOf: [
    { type: "object", required: ["zqto"], properties: { zqto: { type: "string" } } },
    { properties: { [name]: { type: "string" } }, required: [name] },
  ],
});
const document = openapi({
  "/zqmessages": {
    post: {
      operationId: "SendZqMessage",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              oneOf: [
                { title: "ZqSms", oneOf: [kind("zqtext")] },
                { title: "ZqMms", oneOf: [kind("zqimage"), kind("zqvideo")] },
              ],
            },
          },
        },
      },
      responses: { "202": { description: "Accepted." } },
    },
  },
});

describe("a JSON body that is a union of unions of objects", () => {
  it("is drafted as one object parameter, and the draft links", async () => {
    const d = drafted(document, ["SendZqMessage"], "zqnested");
    const body = Object.values(d.manifest.operations)[0]?.params?.body;
    expect(body).toMatchObject({ type: "json", jsonType: "object", wire: { in: "body", pointer: "" } });
    expect(await linkProblems(d, "zqnested")).toEqual([]);
  });
});
