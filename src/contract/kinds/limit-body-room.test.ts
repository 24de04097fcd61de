// A text in a request body whose maxLength is past what the mock reads (a JSON field of `maxLength: 10485760` beside
// the body's other fields): its value at the boundary was sent, and Prism's server, which reads at most 10 MiB of a
// body, answered 413, so the case that expects it accepted always failed. The boundary case is derived only where the
// whole body fits; the step past it is still refused before any request.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { fitsMockBody, MOCK_BODY_BYTES } from "../inputs/head-bytes.js";
import { limitKind } from "./limit.js";

const fixtures = fileURLToPath(new URL("../../../test-support/fixtures/", import.meta.url));
const shelf = await loadProvider(fixtures, join(fixtures, "specs/shelf"));
const doc = new OpenApiDocument(loadYamlSource(join(fixtures, "specs/shelf/openapi.yaml")));
const addBook = shelf.operations.find((op) => op.tool.id === "shelf_add_book")!.tool;

/** The tool with its body field `title` of the maxLength given. */
function withTitleLength(maxLength: number): ToolSpec {
  return {
    ...addBook,
    params: addBook.params.map((p) => (p.name === "title" ? ({ ...p, maxLength } as ParamSpec) : p)),
  };
}
const names = (tool: ToolSpec) =>
  limitKind.derive(tool, { provider: "shelf", tools: [tool], document: doc }).map((c) => c.name);

describe("a body text whose maxLength is past what the mock reads of a body", () => {
  it("gets no case at its boundary, which the mock answers 413; the step past it is still refused", () => {
    const huge = names(withTitleLength(MOCK_BODY_BYTES));
    expect(huge).not.toContain(`title maxLength ${MOCK_BODY_BYTES} at the boundary`);
    expect(huge).toContain(`title maxLength ${MOCK_BODY_BYTES} one step past it`);
  });

  it("keeps its boundary case where the body fits, a text of a few MiB too", () => {
    expect(names(withTitleLength(2_000_000))).toContain("title maxLength 2000000 at the boundary");
    expect(fitsMockBody(addBook, { title: "x".repeat(MOCK_BODY_BYTES - 100_000) })).toBe(true);
    expect(fitsMockBody(addBook, { title: "x".repeat(MOCK_BODY_BYTES) })).toBe(false);
    // A value in the address takes none of the body's room.
    expect(fitsMockBody(addBook, { shelfId: "x".repeat(MOCK_BODY_BYTES) })).toBe(true);
  });
});
