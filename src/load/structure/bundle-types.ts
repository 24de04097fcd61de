// The node types the bundler (@redocly/openapi-core) walks a document by, where its own leave a published document's
// references unread. A Swagger 2.0 Schema Object has no `oneOf`, `anyOf` or `not` (JSON Schema keywords OpenAPI 3
// added), yet published 2.0 documents use them, and the conversion to 3.0 keeps them: the bundler's 2.0 types do not
// walk them, so a `$ref` to another file inside one was left as written (`v0.0.1/entry_schema.json` in a bundled
// document, whose reader then stopped on a reference it cannot follow). Here a 2.0 schema walks them as 3.0's does,
// each a schema or a list of schemas, so the files they name are bundled as every other reference's are. And the
// bundler's message for a reference it cannot follow, said as this project says it.
import type * as Redocly from "@redocly/openapi-core";

type NodeTypes = Record<string, { properties?: Record<string, unknown> }>;
type BundleTypes = Parameters<typeof Redocly.bundleDocument>[0]["customTypes"];

/** The types to bundle a document of `data`'s version by: the bundler's own, or undefined where those serve. */
export function bundleTypes(redocly: typeof Redocly, data: unknown): BundleTypes {
  if (redocly.detectSpec(data as object) !== "oas2") return undefined;
  const types = redocly.Oas2Types as unknown as NodeTypes;
  const schema = types.Schema;
  if (!schema?.properties) return undefined;
  const unionList = "BlockwrightSchemaUnionList";
  return {
    ...(types as BundleTypes),
    [unionList]: { properties: {}, items: "Schema" },
    Schema: {
      ...schema,
      properties: { oneOf: unionList, anyOf: unionList, not: "Schema", ...schema.properties },
    },
  };
}

/** The bundler's message, naming the reference, with absolute paths made project-relative. */
export function refMessage(message: string, ref: string | undefined, display: (file: string) => string): string {
  const text = message
    .replace(/(ENOENT: [^']*)'([^']+)'/, (_, head: string, file: string) => `${head}'${display(file)}'`)
    .replace(/\s+/g, " ")
    .trim();
  if (ref === undefined) return text;
  const reason = text.replace(/^Can't resolve \$ref:?\s*/, "");
  return `$ref ${JSON.stringify(ref)} does not resolve${reason ? `: ${reason}` : " (no such place in that file)"}`;
}
