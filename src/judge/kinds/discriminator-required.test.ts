// A discriminated union's property names the shape: by OpenAPI it MUST be present, though the document forgot to
// require it in its shapes. A body without it was held to the shapes' own `required` alone, so a client leaving it out
// passed the suite while the service cannot tell the shape. The judge refuses it with the rule `discriminator` at the
// property, and the link holds a call to the same (refused before any request, naming the field and the values); a
// discriminator whose `defaultMapping` (OpenAPI 3.2) names the shape of a value without it leaves it to the shapes.
import { afterAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import {
  draftWorkFolder,
  drafted,
  judgedCut,
  linkedTools,
  openapi,
  reply,
  sentOrRefused,
} from "../../import/__fixtures__/draft-kit.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { DocumentSampler } from "../../mocks/sample/schema-sample.js";
import { requestJudge } from "../judge.js";
import { parseYamlSource } from "../../load/yaml-source.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const shape = (kind: string, field: string, type: string) => ({
  type: "object",
  required: [field],
  properties: { zqShapeKind: { type: "string", enum: [kind] }, [field]: { type } },
});
const body = (schema: unknown) => ({
  required: true,
  content: {
    "application/json": {
      schema: { type: "object", required: ["zqShape"], properties: { zqShape: schema } },
    },
  },
});
const union = (extra: Record<string, unknown> = {}) => ({
  oneOf: [ref("ZqCircle"), ref("ZqSquare")],
  discriminator: { propertyName: "zqShapeKind", ...extra },
});
const document = openapi(
  {
    "/zqshapes": {
      post: {
        operationId: "createZqShape",
        requestBody: body(ref("ZqShape")),
        responses: { "200": reply(ref("ZqOk")) },
      },
    },
    "/zqdefaulted": {
      post: {
        operationId: "createZqDefaulted",
        requestBody: body(union({ defaultMapping: "ZqCircle" })),
        responses: { "200": reply(ref("ZqOk")) },
      },
    },
  },
  {
    schemas: {
      ZqShape: union(),
      ZqCircle: shape("zq-circle", "zqRadius", "number"),
      ZqSquare: shape("zq-square", "zqSide", "integer"),
      ZqOk: { type: "object", properties: { zqId: { type: "string" } } },
    },
  },
);
const text = JSON.stringify(document);
const judged = (path: string, value: unknown) => {
  const judge = requestJudge(new OpenApiDocument(parseYamlSource(text, "zq.json")), {
    basePath: "",
    credential: "form",
  });
  return judge({
    method: "POST",
    url: `https://api.acme.test${path}`,
    headers: new Headers({ "content-type": "application/json" }),
    body: new TextEncoder().encode(JSON.stringify(value)),
  }).refusals.map(({ rule, pointer, message }) => ({ rule, pointer, message }));
};

describe("a discriminated union's property its shapes forgot to require", () => {
  it("is required by the judge to name the shape, with the rule discriminator at the property", () => {
    expect(judged("/zqshapes", { zqShape: { zqShapeKind: "zq-circle", zqRadius: 1.5 } })).toEqual([]);
    const refusals = judged("/zqshapes", { zqShape: { zqRadius: 1.5 } });
    expect(refusals).toMatchObject([{ rule: "discriminator", pointer: "/body/zqShape/zqShapeKind" }]);
    expect(refusals[0]?.message).toContain("is required to name the shape");
    expect(refusals[0]?.message).toContain('must be one of "zq-circle", "zq-square", got nothing');
  });

  it("is left to the shapes where the discriminator's defaultMapping names the shape of a value without it", () => {
    expect(judged("/zqdefaulted", { zqShape: { zqRadius: 1.5 } })).toEqual([]);
    expect(judged("/zqdefaulted", { zqShape: { zqShapeKind: "zq-other", zqRadius: 1.5 } })).toMatchObject([
      { rule: "discriminator" },
    ]);
  });

  it("is required of a call before any request, naming the field, the rule and the values", async () => {
    const draft = drafted(document, ["createZqShape"], "zqkinds");
    const tools = await linkedTools(draft, "zqkinds");
    const tool = tools.find((t) => t.id === "zqkinds_create_zq_shape")!;
    const send = (zqShape: unknown) => sentOrRefused(tool, { zqShape }, { zqId: "zq1" });
    expect(await send({ zqShapeKind: "zq-square", zqSide: 2 })).toEqual({ message: "sent", sent: 1 });
    const refused = await send({ zqSide: 2 });
    expect(refused.sent).toBe(0);
    expect(refused.message).toContain("zqShape.zqShapeKind: is required (one of zq-circle, zq-square), got nothing");
    expect(judgedCut(draft, "/zqshapes").refusals({ zqShape: { zqSide: 2 } })).toEqual(["discriminator"]);
  });

  it("is named in the bodies the mock's sampler draws, which the judge takes", () => {
    const sampler = new DocumentSampler(document);
    for (let seed = 0; seed < 4; seed++) {
      const made = sampler.sample("/paths/~1zqshapes/post/requestBody/content/application~1json/schema", { seed });
      expect(made?.value).toMatchObject({ zqShape: { zqShapeKind: expect.stringMatching(/^zq-/) } });
      expect(judged("/zqshapes", made?.value)).toEqual([]);
    }
  });
});
