// What `upstream --accept` carries beside a body's other fields (`wire: {in: body, otherFields: true}`): that
// parameter holds the fields the object does not name, not the whole body, so a named field the newer document adds is
// carried as add drafts it, whether the parameter's pointer is written `""` or left out.
import { describe, expect, it } from "vitest";
import { carryDrafted } from "./carry.js";

/** A cut of one create operation whose JSON body names `title` (and `subtitle` when `newer`) and is open to others. */
function cut(newer: boolean): string {
  const properties: Record<string, unknown> = { title: { type: "string", description: "The title." } };
  if (newer) properties.subtitle = { type: "string", description: "The subtitle." };
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zqnotes", version: "1" },
    servers: [{ url: "https://zqnotes.invalid" }],
    paths: {
      "/zqnotes": {
        post: {
          operationId: "zqCreateNote",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { type: "object", properties, additionalProperties: { type: "string" } },
              },
            },
          },
          responses: { "201": { description: "Created." } },
        },
      },
    },
  });
}

/** The manifest as add drafted it from the older cut, its other fields' parameter placed as `wire` says. */
const manifest = (wire: string) => `provider: zqnotes
operations:
  create_note:
    operationId: zqCreateNote
    params:
      title:
        type: string
        description: The title.
        wire: { in: body }
      extra:
        type: json
        jsonType: object
        description: Other fields of the body.
        wire: ${wire}
`;

describe("carryDrafted beside a body's other fields", () => {
  for (const wire of ['{ in: body, pointer: "", otherFields: true }', "{ in: body, otherFields: true }"])
    it(`carries a named field the newer document adds (others placed ${wire})`, () => {
      const carried = carryDrafted(manifest(wire), cut(false), cut(true), "openapi.yaml");
      expect(carried.lines).toEqual([
        expect.stringMatching(/^operations\.create_note\.params\.subtitle: .*new optional body field \/subtitle/),
      ]);
      expect(carried.text).toMatch(/subtitle:/);
    });
});
