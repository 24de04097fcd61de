// A request body that is a oneOf of two object shapes, each requiring a field the other has not (`zqGroupRef` or
// `zqInstallationId`, "either must be provided"): the runtime checked the shapes as anyOf, so a body giving both met
// both and was sent, where the document's oneOf (and the request judge, and a validating server) refuses it. Such a
// union now takes exactly one; one of open shapes requiring nothing, by the fields each lists
// (open-union-fields.test.ts).
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, openapi, reply, sentOrRefused } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const shape = (own: string) => ({
  type: "object",
  required: [own, "zqAction"],
  properties: { [own]: text, zqAction: { type: "string", enum: ["read", "write"] } },
});
const loose = (own: string) => ({ type: "object", properties: { [own]: text, zqAction: text } });

function document(members: unknown[]) {
  return openapi({
    "/zqconfigs": {
      patch: {
        operationId: "zqPatchConfig",
        requestBody: { required: true, content: { "application/json": { schema: { oneOf: members } } } },
        responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "zq1" }) },
      },
    },
  });
}

async function sent(members: unknown[], body: unknown) {
  const d = drafted(document(members), ["zqPatchConfig"], "zqcfg");
  const [tool] = await linkedTools(d, "zqcfg");
  return sentOrRefused(tool!, { body }, { id: "zq1" });
}

describe("a oneOf body whose shapes each require a field of their own", () => {
  it("refuses a body meeting both before any request, and sends one meeting one", async () => {
    const members = [shape("zqGroupRef"), shape("zqInstallationId")];
    const both = await sent(members, { zqGroupRef: "g", zqInstallationId: "i", zqAction: "read" });
    expect(both).toEqual({
      message: expect.stringContaining("body: must meet exactly one of its 2 shapes (it meets shapes 1 and 2)"),
      sent: 0,
    });
    expect(await sent(members, { zqInstallationId: "i", zqAction: "read" })).toEqual({ message: "sent", sent: 1 });
  });

  it("holds a body of shapes that require no field of their own to the shape its fields are of", async () => {
    // By the letter every object meets both open shapes: read as the request judge reads them, each closed.
    const members = [loose("zqGroupRef"), loose("zqInstallationId")];
    expect(await sent(members, { zqGroupRef: "g", zqAction: "read" })).toEqual({ message: "sent", sent: 1 });
    expect(await sent(members, { zqGroupRef: "g", zqInstallationId: "i" })).toEqual({
      message: expect.stringContaining("body: must hold the fields of one of its 2 shapes"),
      sent: 0,
    });
  });
});
