// API Discovery documents (the `discovery#restDescription` format some vendors publish
// instead of OpenAPI) read as an OpenAPI-shaped document, so that one differ serves every
// upstream: methods become operations under their full path, parameters keep
// their location and limits, schemas become components.
type Json = Record<string, unknown>;

export function isDiscovery(doc: unknown): boolean {
  return !!doc && typeof doc === "object" && (doc as Json).kind === "discovery#restDescription";
}

export function discoveryToOpenApi(doc: Json): Json {
  const base = new URL(String(doc.servicePath ?? ""), String(doc.rootUrl ?? "https://example.invalid/"));
  const paths: Record<string, Json> = {};
  const walk = (resources: Json | undefined) => {
    for (const resource of Object.values(resources ?? {}) as Json[]) {
      for (const method of Object.values((resource.methods ?? {}) as Record<string, Json>)) {
        const path = `/${String(method.path)}`.replace(/\{\+?([^}]+)\}/g, "{$1}");
        const item = (paths[path] ??= {});
        item[String(method.httpMethod).toLowerCase()] = {
          operationId: method.id,
          parameters: Object.entries((method.parameters ?? {}) as Record<string, Json>).map(([name, p]) => ({
            name,
            in: p.location,
            required: Boolean(p.required),
            schema: schemaOf(p),
          })),
          ...(method.request
            ? { requestBody: { content: { "application/json": { schema: ref(method.request as Json) } } } }
            : {}),
          responses: {
            "200": {
              description: "",
              ...(method.response ? { content: { "application/json": { schema: ref(method.response as Json) } } } : {}),
            },
          },
        };
      }
      walk(resource.resources as Json | undefined);
    }
  };
  walk(doc.resources as Json | undefined);
  const schemas = Object.fromEntries(
    Object.entries((doc.schemas ?? {}) as Record<string, Json>).map(([name, s]) => [name, schemaOf(s)]),
  );
  // An API key travels as the `key` query parameter shared by every method.
  const globals = (doc.parameters ?? {}) as Record<string, Json>;
  const securitySchemes =
    globals.key?.location === "query" ? { key: { type: "apiKey", in: "query", name: "key" } } : {};
  return {
    openapi: "3.0.3",
    info: { title: String(doc.title ?? doc.name ?? ""), version: String(doc.revision ?? doc.version ?? "") },
    servers: [{ url: base.href }],
    paths,
    components: { schemas, securitySchemes },
    ...(Object.keys(securitySchemes).length ? { security: [{ key: [] }] } : {}),
  };
}

function ref(value: Json): Json {
  return typeof value.$ref === "string" ? { $ref: `#/components/schemas/${value.$ref}` } : schemaOf(value);
}

function schemaOf(s: Json): Json {
  if (typeof s.$ref === "string") return ref(s);
  const out: Json = {};
  if (s.type && s.type !== "any") out.type = s.type;
  for (const key of ["enum", "format", "pattern", "default"] as const) if (s[key] !== undefined) out[key] = s[key];
  // Discovery writes numeric bounds as strings.
  for (const key of ["minimum", "maximum"] as const)
    if (s[key] !== undefined && Number.isFinite(Number(s[key]))) out[key] = Number(s[key]);
  if (s.properties)
    out.properties = Object.fromEntries(
      Object.entries(s.properties as Record<string, Json>).map(([k, v]) => [k, schemaOf(v)]),
    );
  if (s.items) out.items = schemaOf(s.items as Json);
  if (s.additionalProperties && typeof s.additionalProperties === "object")
    out.additionalProperties = schemaOf(s.additionalProperties as Json);
  if (s.repeated === true) return { type: "array", items: out };
  return out;
}
