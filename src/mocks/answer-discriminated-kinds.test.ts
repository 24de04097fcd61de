// The mock's check of its own answers holds a discriminated union to its discriminator, as the request judge holds a
// request and verify a live answer (load/examples/discriminated-kinds.ts): the property's value names the shape. Prism
// checked the copy's discriminated `oneOf` as `anyOf`, so an answer naming one kind with another kind's fields (the
// document's example here) was served as valid, and the suite's green held it to nothing. Such an example is now
// refused before any mock serves it: generation's example check reads the union so too, in the judge's words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DraftedOnMock, draftedOnMock } from "../contract/__fixtures__/drafted-subject.js";
import { openapi } from "../import/__fixtures__/draft-kit.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const text = { type: "string" };
const kind = (field: string) => ({
  type: "object",
  required: ["zqType", field],
  properties: { zqType: text, [field]: text },
});
const answering = (operationId: string, example: unknown) => ({
  get: {
    operationId,
    responses: {
      "200": { description: "A tool.", content: { "application/json": { schema: ref("ZqTool"), example } } },
    },
  },
});
const documentOf = (paths: Record<string, unknown>) =>
  openapi(paths, {
    schemas: {
      ZqTool: {
        oneOf: [ref("ZqLambda"), ref("ZqHttp")],
        discriminator: { propertyName: "zqType", mapping: { lambda: "#/components/schemas/ZqLambda" } },
      },
      ZqLambda: kind("zqCode"),
      ZqHttp: kind("zqUrl"),
    },
  });
const document = documentOf({ "/zqtools/kept": answering("getZqKept", { zqType: "lambda", zqCode: "zq()" }) });
const crossed = documentOf({
  "/zqtools/crossed": answering("getZqCrossed", { zqType: "lambda", zqUrl: "https://zq.test" }),
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqanswerkinds", document, ["getZqKept"]);
});
afterAll(async () => {
  await on?.close();
});

const fetched = async (path: string) => {
  const { url } = on as DraftedOnMock;
  const answer = await fetch(`${url}${path}`, { headers: { authorization: "Bearer zq-token-0000000001" } });
  return { status: answer.status, violations: answer.headers.get("sl-violations"), body: await answer.text() };
};

describe("the mock's check of its own answer of a discriminated union", () => {
  it("takes an answer whose property names the shape its fields fit", async () => {
    const kept = await fetched("/zqtools/kept");
    expect(kept).toMatchObject({ status: 200, violations: null });
    expect(JSON.parse(kept.body)).toEqual({ zqType: "lambda", zqCode: "zq()" });
  });

  it("serves no answer naming one kind with another kind's fields: generation refuses such an example", async () => {
    await expect(draftedOnMock("zqanswercrossed", crossed, ["getZqCrossed"])).rejects.toThrow(
      /zqType names the shape ZqLambda \("lambda"\), and the value has the fields of ZqHttp instead/,
    );
  });
});
