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

// Each shape a union itself, of kinds that are allOf a base (naming its required fields) and a channel (declaring
// them): the example was sought among the bodies of each shape as a whole, which made none of a union, so that the
// draft gave no example ("got {}") and the suite's minimal input had nothing to send.
describe("a JSON body that is a union of channels, each a union of its kinds", () => {
  const base = { type: "object", required: ["zqto", "zqkind", "zqchannel"], properties: { zqref: { type: "string" } } };
  const channel = (name: string) => ({
    type: "object",
    properties: { zqto: { type: "string" }, zqchannel: { type: "string", enum: [name] } },
  });
  const kinds = (name: string, typed: boolean) => ({
    title: name,
    oneOf: ["zqpicture", "zqclip"].map((k) => ({
      allOf: [
        base,
        { required: [k], properties: { zqkind: { type: "string", enum: [k] }, [k]: { type: "string" } } },
        // The first channel restates its channel's field with another value, so that no body of its kinds meets it
        // (a field restated as another type is read as the later member's: shapes/null-members.ts).
        ...(typed ? [] : [{ properties: { zqchannel: { type: "string", enum: ["zqnowhere"] } } }]),
        channel(name),
      ],
    })),
  });
  const channels = openapi({
    "/zqsend": {
      post: {
        operationId: "SendZqChannel",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { oneOf: [kinds("zqloud", false), kinds("zqquiet", true)] } } },
        },
        responses: { "202": { description: "Accepted." } },
      },
    },
  });

  it("takes its example from a kind of a channel, one no other shape takes", async () => {
    const d = drafted(channels, ["SendZqChannel"], "zqchannels");
    const body = Object.values(d.manifest.operations)[0]?.params?.body;
    expect(body?.example).toMatchObject({ zqchannel: "zqquiet", zqkind: "zqpicture", zqpicture: "example" });
    expect(d.manifestText).toMatch(/the example is a body of shape 2 \(zqquiet\), which no other shape takes/);
    expect(await linkProblems(d, "zqchannels")).toEqual([]);
  });
});
