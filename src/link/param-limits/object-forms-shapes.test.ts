// A body field of several forms, two of them objects: `oneOf: [{circle}, {side}, a text, a list]`. add drafts it as
// three forms (an object, a text, a list); the object form carried no shape, so any object met it: `{radius: 1}` and
// `{circle, side}` (both closed shapes) were sent, while a model's schema and the typed client named neither shape.
// The object form is the document's objects there now: each value held to one of them, before any request.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { inputSchema } from "@blockwright/runtime/internal";
import { draftWorkFolder, jsonBodyTool, sentOrRefused } from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const closed = (field: string) => ({
  type: "object",
  required: [field],
  properties: { [field]: { type: "number" } },
  additionalProperties: false,
});
const zqshape = {
  oneOf: [closed("zqcircle"), closed("zqside"), { type: "string" }, { type: "array", items: { type: "integer" } }],
};

describe("an object form of a value of several forms", () => {
  it("holds an object to the document's objects, and takes each other form as before", async () => {
    const route = { method: "post", path: "/zqthings", operationId: "zqMakeThing" };
    const tool = await jsonBodyTool(route, "zqshape", zqshape, "zqforms");
    const send = (zqshape: unknown) => sentOrRefused(tool, { zqshape }, { id: "zq1" });
    for (const good of [{ zqcircle: 1 }, { zqside: 2 }, "zq-square", [1, 2]])
      expect(await send(good)).toEqual({ message: "sent", sent: 1 });
    for (const bad of [{ zqradius: 1 }, { zqcircle: 1, zqside: 2 }]) {
      const { message, sent } = await send(bad);
      expect(sent).toBe(0);
      expect(message).toMatch(/^zqshape: must meet one of its 2 shapes: shape 1: .*, got object /);
    }
    // A model is shown both shapes.
    const objectForm = JSON.stringify(inputSchema(tool).properties.zqshape);
    expect(objectForm).toContain('"required":["zqcircle"]');
    expect(objectForm).toContain('"required":["zqside"]');
  });
});
