// The facts of a published document are read with the linker's rules for
// which operations a path item has and which body is JSON, so the upstream
// diff sees the same fields our spec binds.
import { describe, expect, it } from "vitest";
import { documentFacts } from "./facts.js";

const object = (field: string) => ({ type: "object", properties: { [field]: { type: "string" } } });

/** The facts' keys, security aside. */
function factKeys(doc: Record<string, unknown>): string[] {
  return [...documentFacts(doc).keys()].filter((k) => !k.startsWith("security ") && !k.endsWith(" security")).sort();
}

describe("documentFacts", () => {
  it("reads the JSON body of every media type the linker reads as JSON, and no other", () => {
    const doc = {
      openapi: "3.0.3",
      paths: {
        "/a": {
          post: {
            requestBody: {
              content: {
                "text/plain": { schema: object("ignored") },
                "application/vnd.acme+json": { schema: object("written") },
              },
            },
            responses: {
              "200": {
                description: "",
                content: {
                  "text/csv": { schema: object("csv") },
                  "Application/JSON; charset=utf-8": { schema: object("read") },
                },
              },
            },
          },
        },
        "/b": {
          get: { responses: { "200": { description: "", content: { "text/plain": { schema: { type: "string" } } } } } },
        },
      },
    };
    expect(factKeys(doc)).toEqual([
      "GET /b operation",
      "GET /b status 200",
      "POST /a body /",
      "POST /a body /written",
      "POST /a operation",
      "POST /a response 200 /",
      "POST /a response 200 /read",
      "POST /a status 200",
    ]);
  });

  it("reads every operation a path item can hold, trace included", () => {
    const doc = {
      openapi: "3.0.3",
      paths: {
        "/x": Object.fromEntries(
          ["get", "put", "post", "delete", "options", "head", "patch", "trace"].map((m) => [m, { responses: {} }]),
        ),
      },
    };
    expect(factKeys(doc).filter((k) => k.endsWith(" operation"))).toEqual([
      "DELETE /x operation",
      "GET /x operation",
      "HEAD /x operation",
      "OPTIONS /x operation",
      "PATCH /x operation",
      "POST /x operation",
      "PUT /x operation",
      "TRACE /x operation",
    ]);
  });
});
