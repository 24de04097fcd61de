// A JSON body whose schema is a union of several objects beside a member of another kind: `oneOf: [{}, A, B]` (a
// banking standard's authorisation update: an empty body, a PSU's data, a chosen method) or `[A, B, an open map]`. Its
// shapes were not recorded (not every member an object), and the link took the first object member's fields as the
// value's limits: a value of B was refused for lacking A's required field, add's own example included (add exit 1,
// BW2009). A member admitting any value now leaves the object unlimited; several objects are their own union.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  openapi,
  reply,
  sentOrRefused,
} from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const zqA = {
  type: "object",
  required: ["zqData"],
  properties: { zqData: { type: "object", properties: { p: text } } },
};
const zqB = { type: "object", required: ["zqMethod"], properties: { zqMethod: text } };

function documentWith(members: object[]) {
  return openapi({
    "/zqauth": {
      post: {
        operationId: "updateZqAuth",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: { oneOf: members },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "zq1" }) },
      },
    },
  });
}

async function sender(members: object[], provider: string) {
  const tools = await linkedTools(drafted(documentWith(members), ["updateZqAuth"], provider), provider);
  const tool = tools.find((t) => t.id === `${provider}_update_zq_auth`)!;
  const body = tool.params.find((p) => p.wire.in === "body")!;
  return (value: unknown) => sentOrRefused(tool, { [body.name]: value }, { id: "zq1" });
}

describe("a JSON body that is a union of objects beside a member of another kind", () => {
  it("beside a member admitting any value: any object is sent, the document's example links", async () => {
    const send = await sender([{}, zqA, zqB], "zqanyside");
    expect(await send({ zqMethod: "zq-sms" })).toEqual({ message: "sent", sent: 1 });
    expect(await send({ zqData: { p: "x" } })).toEqual({ message: "sent", sent: 1 });
    expect(await send({})).toEqual({ message: "sent", sent: 1 });
  });

  it("beside an object naming no fields (an open map): a value of the second is not held to the first's", async () => {
    const send = await sender([zqA, zqB, { type: "object", additionalProperties: text }], "zqmapside");
    expect(await send({ zqMethod: "zq-sms" })).toEqual({ message: "sent", sent: 1 });
    expect(await send({ zqData: { p: "x" } })).toEqual({ message: "sent", sent: 1 });
  });
});
