// A JSON field whose schema is a base no discriminator of its own marks, its kinds carrying their values in
// `x-ms-discriminator-value` (AutoRest's polymorphism): a policy base whose `zqType` enum lists its two kinds' values,
// and a network base extending a discriminated base (`zqKind`) whose one kind requires `zqPrefix`. The shared rule
// (load/schemas/base-kinds.ts) read such a base as "" (no property naming its kinds), and every reader of a field of
// one passed it over: the link read the base alone, so a kind's value lacking its required field, or naming no kind,
// was sent, and the judge took it. The property is now the outer base's discriminator's, else the base's own property
// whose enum lists every kind's value.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { bodySender, draftWorkFolder } from "../../import/__fixtures__/draft-kit.js";
import { DocumentSampler } from "../../mocks/sample/schema-sample.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const text = { type: "string" };
const schemas = {
  ZqOrder: {
    type: "object",
    required: ["zqPolicy"],
    properties: { zqPolicy: ref("ZqPolicy"), zqNetwork: ref("ZqNetwork") },
  },
  ZqResource: { type: "object", properties: { zqId: text } },
  ZqPolicy: {
    allOf: [ref("ZqResource")],
    required: ["zqType"],
    properties: { zqType: { type: "string", enum: ["ZqHub", "ZqMesh"] }, zqNote: text },
  },
  ZqHubPolicy: {
    allOf: [ref("ZqPolicy"), { type: "object", required: ["zqHub"], properties: { zqHub: text } }],
    "x-ms-discriminator-value": "ZqHub",
  },
  ZqMeshPolicy: {
    allOf: [ref("ZqPolicy"), { type: "object", properties: { zqMesh: { type: "array", items: text } } }],
    "x-ms-discriminator-value": "ZqMesh",
  },
  ZqNetworkBase: {
    type: "object",
    required: ["zqKind"],
    discriminator: { propertyName: "zqKind" },
    properties: { zqKind: text },
  },
  ZqNetwork: { allOf: [ref("ZqNetworkBase")], properties: { zqNote: text } },
  ZqLocalNetwork: {
    allOf: [ref("ZqNetwork"), { type: "object", required: ["zqPrefix"], properties: { zqPrefix: text } }],
    "x-ms-discriminator-value": "ZqLocal",
  },
};
const sender = () => bodySender(schemas, "ZqOrder", "zqmarkedbase");

const hub = { zqType: "ZqHub", zqHub: "zq hub" };

describe("a JSON field of a base its kinds' x-ms-discriminator-value marks", () => {
  it("sends a value of a kind", async () => {
    const { send } = await sender();
    expect(await send({ zqPolicy: hub })).toEqual({ message: "sent", sent: 1 });
    expect(await send({ zqPolicy: { zqType: "ZqMesh", zqMesh: ["a"] } })).toEqual({ message: "sent", sent: 1 });
    const local = { zqKind: "ZqLocal", zqPrefix: "10.0.0.0/8" };
    expect(await send({ zqPolicy: hub, zqNetwork: local })).toEqual({ message: "sent", sent: 1 });
  });

  it("refuses a kind lacking its required field, or no kind, before any request, naming the field", async () => {
    const { send } = await sender();
    const policy = await send({ zqPolicy: { zqType: "ZqHub" } });
    expect(policy).toEqual({ message: expect.stringContaining("zqPolicy.zqHub"), sent: 0 });
    const network = await send({ zqPolicy: hub, zqNetwork: { zqKind: "ZqLocal" } });
    expect(network).toEqual({ message: expect.stringContaining("zqNetwork.zqPrefix"), sent: 0 });
    const other = await send({ zqPolicy: hub, zqNetwork: { zqKind: "zqOther", zqPrefix: "p" } });
    expect(other.sent).toBe(0);
  });

  it("is held to its kind by the request judge", async () => {
    const { refused } = await sender();
    expect(refused({ zqPolicy: hub, zqNetwork: { zqKind: "ZqLocal", zqPrefix: "p" } })).toEqual([]);
    expect(refused({ zqPolicy: { zqType: "ZqHub" } })).not.toEqual([]);
    expect(refused({ zqPolicy: hub, zqNetwork: { zqKind: "ZqLocal" } })).not.toEqual([]);
  });

  it("is made as one of its kinds by the sampler", async () => {
    const sampler = new DocumentSampler((await sender()).document);
    for (const seed of [0, 1, 2, 3]) {
      const made = sampler.sample("/components/schemas/ZqOrder", { seed, everyField: true })?.value as {
        zqPolicy?: { zqType?: unknown; zqHub?: unknown };
        zqNetwork?: { zqKind?: unknown; zqPrefix?: unknown };
      };
      expect(["ZqHub", "ZqMesh"]).toContain(made?.zqPolicy?.zqType);
      if (made?.zqPolicy?.zqType === "ZqHub") expect(typeof made.zqPolicy.zqHub).toBe("string");
      expect(made?.zqNetwork).toEqual({ zqKind: "ZqLocal", zqPrefix: expect.any(String), ...(made?.zqNetwork ?? {}) });
    }
  });
});
