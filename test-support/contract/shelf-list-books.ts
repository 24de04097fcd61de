// For tests of the suite's cases and inputs: the shelf fixture's list operation as linked, its document, and a text
// parameter of it without its pattern, from which a test makes a parameter of its own beside the tool's
// (`{...text, name: "zqSince", format: "date-time"}`).
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { loadProvider } from "../../src/emit/link-provider.js";
import { OpenApiDocument } from "../../src/load/openapi-document.js";
import { loadYamlSource } from "../../src/load/yaml-source.js";

const fixtures = fileURLToPath(new URL("../fixtures/", import.meta.url));

/** shelf_list_books, the shelf document, and its `shelfId` without the pattern. */
export async function shelfListBooks(): Promise<{ listBooks: ToolSpec; doc: OpenApiDocument; text: ParamSpec }> {
  const shelf = await loadProvider(fixtures, join(fixtures, "specs/shelf"));
  const doc = new OpenApiDocument(loadYamlSource(join(fixtures, "specs/shelf/openapi.yaml")));
  const listBooks = shelf.operations.find((op) => op.tool.id === "shelf_list_books")?.tool;
  const shelfId = listBooks?.params.find((p) => p.name === "shelfId");
  if (!listBooks || !shelfId) throw new Error("the shelf fixture has no shelf_list_books with shelfId");
  const { pattern: _pattern, ...text } = shelfId as ParamSpec & { pattern?: string };
  return { listBooks, doc, text: text as ParamSpec };
}
