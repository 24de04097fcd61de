// A media type written with a space before it in `consumes` (swaggo writes `@Accept json, multipart/form-data` as
// `[application/json, " multipart/form-data"]`): the form rule compared the padded text with `multipart/form-data`
// and missed it, so a form of no file was converted to `application/x-www-form-urlencoded` (sent so, where the server
// reads multipart), and a JSON body was offered again under the padded name as a type of its own.
import { describe, expect, it } from "vitest";
import { swaggerToOpenApi } from "./convert.js";

type Json = Record<string, unknown>;

const field = (name: string, type = "string") => ({ name, in: "formData", type });
const swagger = (consumes: string[], parameters: Json[]) => ({
  swagger: "2.0",
  info: { title: "Zq", version: "1" },
  host: "api.zq.example",
  paths: {
    "/zqstacks": {
      post: {
        operationId: "zqStackCreate",
        consumes,
        parameters,
        responses: { "200": { description: "done" } },
      },
    },
  },
});
const bodyTypes = (doc: Json) => {
  const paths = swaggerToOpenApi(doc, "zq.yaml").paths as Record<string, Record<string, Json>>;
  const body = paths["/zqstacks"]?.post?.requestBody as { content: Json };
  return Object.keys(body.content);
};

describe("a Swagger 2.0 media type written with spaces around it", () => {
  it("converts a form of no file to multipart/form-data when the padded type says so", () => {
    const types = bodyTypes(swagger(["application/json", " multipart/form-data"], [field("zqName"), field("zqEnv")]));
    expect(types).toEqual(["multipart/form-data"]);
  });

  it("offers a JSON body under its JSON type only, the padded form type read as the form it is", () => {
    const body = { name: "body", in: "body", schema: { type: "object", properties: { zqName: { type: "string" } } } };
    expect(bodyTypes(swagger(["application/json", " multipart/form-data "], [body]))).toEqual(["application/json"]);
    expect(bodyTypes(swagger([" application/zq+json", ""], [body]))).toEqual(["application/zq+json"]);
  });
});
