// Operations without an operationId are named by their method and path; a path variable repeating the segment before
// it (`/severity/{severity}`, `/cve/{cve_id}`, as a published security advisories document writes every path) gave
// tool ids and titles that said a word twice: `get_zqadvisories_severity_severity_firstpublished`,
// `get_zqadvisories_cve_cve_id`. A path variable adds no words now: the segment before it, made singular, names the
// item (path-tool-name.ts).
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { drafted, draftWorkFolder, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const variable = (name: string) => ({ name, in: "path", required: true, schema: { type: "string", maxLength: 40 } });
const get = (name: string) => ({
  get: { parameters: [variable(name)], responses: { "200": reply({ type: "object" }) } },
});
const doc = openapi({
  "/zqadvisories/severity/{severity}": get("severity"),
  "/zqadvisories/severity/{severity}/firstpublished": get("severity"),
  "/zqadvisories/cve/{cve_id}": get("cve_id"),
  "/zqadvisories/cveid/{cve_id}": get("cve_id"),
  "/zqteams/{team}": get("team"),
});
const chosen = Object.keys(doc.paths).map((path) => `GET ${path}`);

describe("a tool id drafted from a method and a path", () => {
  it("says a path variable's words once where it repeats the segment before it; it links", async () => {
    const d = drafted(doc, chosen);
    expect(Object.keys(d.manifest.operations)).toEqual([
      "acme_get_zqadvisories_severity",
      "acme_get_zqadvisories_severity_firstpublished",
      "acme_get_zqadvisories_cve",
      "acme_get_zqadvisories_cveid",
      "acme_get_zqteam",
    ]);
    expect(d.manifest.operations.acme_get_zqadvisories_severity_firstpublished!.title).not.toMatch(
      /severity severity/i,
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("tells a list from its item by the item's singular noun", () => {
    const listed = openapi({ "/zqquays/{zqquays}": get("zqquays"), "/zqquays": get("zqquays") });
    const ids = Object.keys(drafted(listed, ["GET /zqquays/{zqquays}", "GET /zqquays"]).manifest.operations);
    expect(ids).toEqual(["acme_get_zqquay", "acme_get_zqquays"]);
  });

  it("keeps a path's words whole where two paths would read alike", () => {
    const alike = openapi({ "/zqquays/{zqquay}": get("zqquay"), "/zqquays/{zqquay}/{zqberth}": get("zqquay") });
    const ids = Object.keys(
      drafted(alike, ["GET /zqquays/{zqquay}", "GET /zqquays/{zqquay}/{zqberth}"]).manifest.operations,
    );
    expect(ids).toEqual(["acme_get_zqquays_zqquay", "acme_get_zqquays_zqquay_zqberth"]);
  });
});
