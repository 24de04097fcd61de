// A text in the address whose maxLength is past any request head (a document's path segment of `maxLength:
// 2097152`): its value at the boundary was sent, and the mock (a Node.js server, as many are) answered 431 with no
// message, so the case that expects it accepted always failed. The boundary case is derived only where the whole head
// fits (`limits.requestHeadBytes`, else 16,384 bytes); the step past it is still refused before any request.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { limitKind } from "./limit.js";

const fixtures = fileURLToPath(new URL("../../../test-support/fixtures/", import.meta.url));
const shelf = await loadProvider(fixtures, join(fixtures, "specs/shelf"));
const doc = new OpenApiDocument(loadYamlSource(join(fixtures, "specs/shelf/openapi.yaml")));
const listBooks = shelf.operations.find((op) => op.tool.id === "shelf_list_books")!.tool;

/** The tool with its path segment `shelfId` of the maxLength given, and the server's head limit if any. */
function withShelfIdLength(maxLength: number, requestHeadBytes?: number): ToolSpec {
  return {
    ...listBooks,
    server: { ...listBooks.server, ...(requestHeadBytes !== undefined ? { requestHeadBytes } : {}) },
    params: listBooks.params.map((p) => (p.name === "shelfId" ? ({ ...p, maxLength } as ParamSpec) : p)),
  };
}
const names = (tool: ToolSpec) =>
  limitKind.derive(tool, { provider: "shelf", tools: [tool], document: doc }).map((c) => c.name);

describe("a path segment whose maxLength is past what a request head holds", () => {
  it("gets no case at its boundary, which a server answers 431; the step past it is still refused", () => {
    const huge = names(withShelfIdLength(2_097_152));
    expect(huge).not.toContain("shelfId maxLength 2097152 at the boundary");
    expect(huge).toContain("shelfId maxLength 2097152 one step past it");
  });

  it("keeps its boundary case where the head fits, and holds it to the head the manifest states", () => {
    expect(names(withShelfIdLength(4000))).toContain("shelfId maxLength 4000 at the boundary");
    expect(names(withShelfIdLength(4000, 2000))).not.toContain("shelfId maxLength 4000 at the boundary");
  });
});
