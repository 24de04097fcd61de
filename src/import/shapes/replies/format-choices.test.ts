// A query parameter choosing the reply's format (`alt`: json or csv), shared by a path item's operations, on an
// operation whose replies the document declares as JSON only: drafted as published, a call choosing csv got CSV text
// the package read as JSON (INVALID_JSON). add narrows that operation's parameter to its JSON values in the cut and
// says so; an operation declaring a CSV reply too keeps every value, and so does an enum without a JSON value.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../../__fixtures__/draft-kit.js";
import { withoutUnreadableFormatChoices } from "./format-choices.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqrow = { type: "object", properties: { zqday: { type: "string" } } };
const rows = reply({ type: "object", properties: { rows: { type: "array", items: zqrow } } }, { rows: [] });

const document = () =>
  openapi(
    {
      "/zqreports": {
        parameters: [{ $ref: "#/components/parameters/alt" }],
        get: {
          operationId: "zq.reports.generate",
          parameters: [
            { name: "zqlayout", in: "query", schema: { type: "string", enum: ["wide", "narrow"] } },
            { name: "format", in: "query", schema: { type: "string", enum: ["csv", "tsv"] } },
          ],
          responses: { "200": rows },
        },
        post: {
          operationId: "zq.reports.export",
          responses: {
            "200": {
              description: "The rows.",
              content: { ...rows.content, "text/csv": { schema: { type: "string" } } },
            },
          },
        },
      },
    },
    { parameters: { alt: { name: "alt", in: "query", schema: { type: "string", enum: ["csv", "json", "media"] } } } },
  );

describe("a reply's format choice on an operation answering JSON only", () => {
  it("is narrowed to its JSON values for that operation; the shared one and the others stay", () => {
    const cut = document();
    expect(withoutUnreadableFormatChoices(cut)).toEqual(["csv, media of alt in zq.reports.generate"]);
    const get = cut.paths["/zqreports"].get.parameters;
    expect(get.map((p: { name: string }) => p.name)).toEqual(["zqlayout", "format", "alt"]);
    expect(get[2].schema.enum).toEqual(["json"]);
    expect(get[1].schema.enum).toEqual(["csv", "tsv"]);
    expect(cut.components.parameters.alt.schema.enum).toEqual(["csv", "json", "media"]);
    expect(cut.paths["/zqreports"].post.parameters).toBeUndefined();
  });

  it("is drafted with its JSON values, a call choosing csv refused before any request; the draft says so", async () => {
    const d = drafted(document(), ["zq.reports.generate", "zq.reports.export"]);
    expect(d.manifest.operations.acme_zq_reports_generate!.params?.alt).toMatchObject({ enum: ["json"] });
    expect(d.manifest.operations.acme_zq_reports_export!.params?.alt).toMatchObject({
      enum: ["csv", "json", "media"],
    });
    expect(d.notes.map((n) => n.note)).toContainEqual(
      expect.stringMatching(/^openapi\.yaml leaves out the values csv, media of alt in zq\.reports\.generate: /),
    );
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = (await linkedTools(d)).filter((t) => t.id === "acme_zq_reports_generate");
    let sent = 0;
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-credential-0001", alt: "csv" },
      {
        baseUrl: "http://127.0.0.1:9",
        fetch: async () => {
          sent++;
          return new Response("{}");
        },
      },
    );
    expect(result).toMatchObject({ success: false, error: { type: "validation", param: "alt" } });
    expect(sent).toBe(0);
  });
});
