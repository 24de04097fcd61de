// Two path templates alike but for their expressions' names (`/zqshelves/{id}/items`
// with an integer id, `/zqshelves/{slug}/items` with a text slug): both match
// any path of that form, so the judge holds the request against each and keeps
// the one it meets. Taking the first alone refused every request of the second
// ("slug-one" is not an integer).
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test" }]
paths:
  /zqshelves/{id}/items:
    get:
      operationId: itemsById
      parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
      responses: { "200": { description: ok } }
  /zqshelves/{slug}/items:
    get:
      operationId: itemsBySlug
      parameters: [{ name: slug, in: path, required: true, schema: { type: string, pattern: "^[a-z-]+$" } }]
      responses: { "200": { description: ok } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "judged.yaml")), {
  basePath: "",
  credential: "present",
});
const get = (path: string) => judge({ method: "GET", url: `https://api.test${path}`, headers: new Headers() });

describe("path templates alike but for their expressions' names", () => {
  it("hold a request against each and keep the one it meets", () => {
    expect(get("/zqshelves/slug-one/items")).toMatchObject({ operation: "itemsBySlug", refusals: [] });
    expect(get("/zqshelves/42/items")).toMatchObject({ operation: "itemsById", refusals: [] });
  });

  it("refuse a request none of them meets, by the first's rules", () => {
    const judged = get("/zqshelves/Not%20Either/items");
    expect(judged.operation).toBe("itemsById");
    expect(judged.refusals.map((r) => r.rule)).toEqual(["schema"]);
  });
});
