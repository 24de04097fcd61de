// A `format: date` whose own example is a date and time (a report window's start, `2025-10-15T13:51:56Z`, its prose
// asking `yyyy-mm-ddThh:mm:ss[.sss]Z`): drafted as a date, so every value the document shows and asks for was refused
// before any request ("must be an RFC 3339 full date"). add writes such a format `date-time` in the cut, from the
// schema's own example or its parameter's, and says so; a date whose example is a date stays one, as does one whose
// own words call it a date and name no time (a document giving every date parameter one stamp as its example).
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const stamp = "2025-10-15T13:51:56.382Z";
const document = openapi(
  {
    "/zqreports": {
      post: {
        operationId: "createZqReport",
        parameters: [
          { name: "zq_from", in: "query", example: stamp, schema: { type: "string", format: "date" } },
          {
            name: "zq_to",
            in: "query",
            example: "2017-12-01T00:00:00+0000",
            schema: { type: "string", format: "date" },
          },
          { name: "zq_day", in: "query", example: "2025-10-15", schema: { type: "string", format: "date" } },
          // One stamp as every parameter's example, the words saying a date: the example is the slip.
          {
            name: "zq_due_on",
            in: "query",
            description: "ISO 8601 date string",
            example: stamp,
            schema: { type: "string", format: "date" },
          },
          {
            name: "zq_due_at",
            in: "query",
            description: "ISO 8601 date and time string",
            example: stamp,
            schema: { type: "string", format: "date" },
          },
        ],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/ZqWindow" } } },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
      },
    },
  },
  {
    schemas: {
      ZqWindow: {
        type: "object",
        properties: {
          zq_start: { type: "string", format: "date", example: stamp },
          zq_until: { type: "string", format: "date" },
        },
      },
    },
  },
);

describe("a date format whose own example is a date and time", () => {
  it("is written date-time in the cut and the draft, said so; a date's stays a date", async () => {
    const d = drafted(document, ["createZqReport"], "zqreports");
    const params = d.manifest.operations.zqreports_create_zq_report!.params as Record<string, { format?: string }>;
    expect(params.zq_from?.format).toBe("date-time");
    expect(params.zq_start?.format).toBe("date-time");
    expect(params.zq_to?.format).toBe("date-time");
    expect(params.zq_day?.format).toBe("date");
    expect(params.zq_due_on?.format).toBe("date");
    expect(params.zq_due_at?.format).toBe("date-time");
    expect(params.zq_until?.format).toBe("date");
    expect(d.openapiText).toContain("Changed by blockwright add: paths./zqreports.post.parameters.0 (format date:");
    expect(notesAt(d, "openapi").join(" ")).toContain("components.schemas.ZqWindow.properties.zq_start");
    expect(await linkProblems(d, "zqreports")).toEqual([]);
  });
});

// The mirror: a parameter's `format: date-time` whose words write the value as a date alone ("YYYY-MM-DD The date the
// list was published"): the date the words ask for was refused ("must be an RFC 3339 date-time"). Written `date` now,
// unless the words or the example name a time; a reply's schema keeps its format.
describe("a date-time parameter whose words write a date alone", () => {
  const dated = (description: string, extra: Record<string, unknown> = {}) => ({
    in: "query",
    description,
    schema: { type: "string", format: "date-time" },
    ...extra,
  });
  const doc = openapi({
    "/zqlists": {
      get: {
        operationId: "listZqLists",
        parameters: [
          { name: "zq_published", ...dated("YYYY-MM-DD The date the zq list was published") },
          { name: "zq_after", ...dated("Date format is yyyy-MM-dd") },
          { name: "zq_at", ...dated("Format YYYY-MM-DDThh:mm:ssZ or YYYY-MM-DD") },
          { name: "zq_seen", ...dated("Date and time seen, YYYY-MM-DD") },
          { name: "zq_since", ...dated("Format YYYY-MM-DD", { example: "2025-10-15T13:51:56Z" }) },
        ],
        responses: {
          "200": reply({
            type: "object",
            properties: { zq_day: { type: "string", format: "date-time", description: "YYYY-MM-DD" } },
          }),
        },
      },
    },
  });

  it("is written date in the cut and the draft, said so; one naming a time stays date-time", async () => {
    const d = drafted(doc, ["listZqLists"], "zqlists");
    const params = d.manifest.operations.zqlists_list_zq_lists!.params as Record<string, { format?: string }>;
    expect(params.zq_published?.format).toBe("date");
    expect(params.zq_after?.format).toBe("date");
    expect(params.zq_at?.format).toBe("date-time");
    expect(params.zq_seen?.format).toBe("date-time");
    expect(params.zq_since?.format).toBe("date-time");
    expect(notesAt(d, "openapi").join(" ")).toContain(
      "paths./zqlists.get.parameters.0 (format date-time: date, as its description writes the value (YYYY-MM-DD))",
    );
    expect(notesAt(d, "openapi").join(" ")).not.toContain("responses");
    expect(await linkProblems(d, "zqlists")).toEqual([]);
  });
});
