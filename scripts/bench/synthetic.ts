// A synthetic project of N providers × 10 operations, to measure how
// generation scales. Each provider is a small CRUD-and-search API: a
// resource schema with a dozen fields, list/get/search/create/update
// operations with limits, enums and nested bodies, and a manifest binding
// them. Written as JSON (valid YAML) under <dir>/specs/<provider>/.
//   tsx scripts/bench/synthetic.ts <dir> <N>
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

function resource(name: string) {
  return {
    type: "object",
    required: ["id", "name", "status"],
    properties: {
      id: { type: "string" },
      name: { type: "string", maxLength: 200 },
      status: { type: "string", enum: ["draft", "active", "archived"] },
      owner: { type: "object", properties: { id: { type: "string" }, email: { type: "string", format: "email" } } },
      tags: { type: "array", items: { type: "string" } },
      score: { type: "number", minimum: 0, maximum: 100 },
      count: { type: "integer" },
      createdAt: { type: "string", format: "date-time" },
      updatedAt: { type: "string", format: "date-time" },
      address: {
        type: "object",
        properties: {
          street: { type: "string" },
          city: { type: "string" },
          country: { type: "string", minLength: 2, maxLength: 2 },
        },
      },
      metadata: { type: "object", additionalProperties: { type: "string" } },
      kind: { type: "string", description: `A ${name}.` },
    },
  };
}

type Schema = Record<string, unknown>;

/** A page of the resource's items, or an error: the answers of list and search. */
function pageResponses(ref: Schema, error: Schema) {
  return {
    "200": {
      description: "A page",
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["data"],
            properties: { data: { type: "array", items: ref }, next: { type: "string", nullable: true } },
          },
        },
      },
    },
    "400": error,
    "401": error,
  };
}

/** `/v1/item<r>s`: list and create. */
function collectionItem(r: number, ref: Schema, list: Schema, error: Schema) {
  return {
    get: {
      operationId: `list${r}`,
      parameters: [
        { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } },
        { name: "status", in: "query", schema: { type: "string", enum: ["draft", "active", "archived"] } },
      ],
      responses: list,
    },
    post: {
      operationId: `create${r}`,
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["name"],
              properties: {
                name: { type: "string", minLength: 1, maxLength: 200 },
                status: { type: "string", enum: ["draft", "active"] },
                address: { type: "object", properties: { city: { type: "string", maxLength: 100 } } },
              },
            },
          },
        },
      },
      responses: {
        "201": { description: "Created", content: { "application/json": { schema: ref } } },
        "400": error,
        "401": error,
      },
    },
  };
}

/** `/v1/item<r>s/{id}`: get and update. */
function memberItem(r: number, ref: Schema, error: Schema) {
  return {
    get: {
      operationId: `get${r}`,
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 64 } }],
      responses: {
        "200": { description: "One", content: { "application/json": { schema: ref } } },
        "404": error,
        "401": error,
      },
    },
    patch: {
      operationId: `update${r}`,
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 64 } }],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                name: { type: "string", maxLength: 200 },
                score: { type: "number", minimum: 0, maximum: 100 },
              },
            },
          },
        },
      },
      responses: {
        "200": { description: "Updated", content: { "application/json": { schema: ref } } },
        "404": error,
        "401": error,
      },
    },
  };
}

/** `/v1/item<r>s/search`: search. */
function searchItem(r: number, list: Schema) {
  return {
    post: {
      operationId: `search${r}`,
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["query"],
              properties: {
                query: { type: "string", minLength: 1, maxLength: 1000 },
                size: { type: "integer", minimum: 1, maximum: 50 },
              },
            },
          },
        },
      },
      responses: list,
    },
  };
}

/**
 * The OpenAPI document of provider `p`: `resources` resources of 5 operations each (a large one: see
 * large-document.ts).
 */
export function openapi(p: string, resources = 2) {
  const paths: Record<string, unknown> = {};
  const error = {
    description: "Error",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  };
  for (let r = 0; r < resources; r++) {
    const res = `item${r}`;
    const ref = { $ref: `#/components/schemas/Item${r}` };
    const list = pageResponses(ref, error);
    paths[`/v1/${res}s`] = collectionItem(r, ref, list, error);
    paths[`/v1/${res}s/{id}`] = memberItem(r, ref, error);
    paths[`/v1/${res}s/search`] = searchItem(r, list);
  }
  return {
    openapi: "3.0.3",
    info: { title: `Synthetic ${p}`, version: "1.0.0" },
    servers: [{ url: `https://${p}.example.com` }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: {
        ...Object.fromEntries(
          Array.from({ length: resources }, (_, r) => [
            `Item${r}`,
            resource(r === 0 ? "first item" : r === 1 ? "second item" : `item number ${r}`),
          ]),
        ),
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: { type: "object", properties: { code: { type: "string" }, message: { type: "string" } } },
          },
        },
      },
    },
  };
}

/** The operation listing resource `r`'s items, a page at a time. */
function listOperation(r: number) {
  return {
    operationId: `list${r}`,
    title: `List ${r}`,
    description: "List items.",
    params: {
      limit: {
        type: "number",
        integer: true,
        minimum: 1,
        maximum: 100,
        default: 20,
        description: "Page size.",
        wire: { in: "query" },
      },
      status: {
        type: "string",
        enum: ["draft", "active", "archived"],
        description: "Status.",
        wire: { in: "query" },
      },
    },
    outputs: {
      data: { type: "array", from: "$response.body#/data", description: "Items." },
      "metadata.count": { type: "number", from: "$response.body#/data", count: true, description: "How many." },
    },
  };
}

/** The operation searching resource `r`'s items. */
function searchOperation(r: number) {
  return {
    operationId: `search${r}`,
    title: `Search ${r}`,
    description: "Search items.",
    params: {
      query: {
        type: "string",
        required: true,
        minLength: 1,
        maxLength: 1000,
        description: "Query.",
        wire: { in: "body" },
      },
      size: { type: "number", integer: true, minimum: 1, maximum: 50, description: "Size.", wire: { in: "body" } },
    },
    outputs: { data: { type: "array", from: "$response.body#/data", description: "Items." } },
  };
}

/** The manifest of provider `p`, binding the operations of its first two resources. */
export function manifest(p: string) {
  const operations: Record<string, unknown> = {};
  const one = {
    data: { type: "json", from: "$response.body", description: "The item." },
    "metadata.id": { type: "string", from: "$response.body#/id", description: "Its id." },
  };
  for (let r = 0; r < 2; r++) {
    operations[`${p}_list_${r}`] = listOperation(r);
    operations[`${p}_create_${r}`] = {
      operationId: `create${r}`,
      title: `Create ${r}`,
      description: "Create an item.",
      params: {
        name: {
          type: "string",
          required: true,
          minLength: 1,
          maxLength: 200,
          description: "Name.",
          wire: { in: "body" },
        },
        status: { type: "string", enum: ["draft", "active"], description: "Status.", wire: { in: "body" } },
        city: { type: "string", maxLength: 100, description: "City.", wire: { in: "body", pointer: "/address/city" } },
      },
      outputs: one,
    };
    operations[`${p}_get_${r}`] = {
      operationId: `get${r}`,
      title: `Get ${r}`,
      description: "Read one item.",
      params: { id: { type: "string", required: true, maxLength: 64, description: "Id.", wire: { in: "path" } } },
      outputs: one,
    };
    operations[`${p}_update_${r}`] = {
      operationId: `update${r}`,
      title: `Update ${r}`,
      description: "Update an item.",
      params: {
        id: { type: "string", required: true, maxLength: 64, description: "Id.", wire: { in: "path" } },
        name: { type: "string", maxLength: 200, description: "Name.", wire: { in: "body" } },
        score: { type: "number", minimum: 0, maximum: 100, description: "Score.", wire: { in: "body" } },
      },
      outputs: one,
    };
    operations[`${p}_search_${r}`] = searchOperation(r);
  }
  return {
    provider: p,
    name: `Synthetic ${p}`,
    description: "A synthetic provider for benchmarks.",
    color: "#336699",
    category: "tools",
    openapi: "openapi.yaml",
    server: { default: `https://${p}.example.com` },
    auth: { scheme: "bearer", param: "token" },
    errors: { code: ["$response.body#/error/code"], message: ["$response.body#/error/message"] },
    params: { token: { type: "string", required: true, secret: true, maxLength: 512, description: "Bearer token." } },
    operations,
  };
}

/** Write N synthetic providers into `<dir>/specs`; returns their ids. */
export function writeSyntheticProject(dir: string, n: number): string[] {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const p = `syn${String(i).padStart(3, "0")}`;
    mkdirSync(join(dir, "specs", p), { recursive: true });
    writeFileSync(join(dir, "specs", p, "openapi.yaml"), JSON.stringify(openapi(p), null, 1));
    writeFileSync(join(dir, "specs", p, "manifest.yaml"), JSON.stringify(manifest(p), null, 1));
    ids.push(p);
  }
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "synthetic", private: true, blockwright: { scope: "@synthetic" } }),
  );
  return ids;
}

if (process.argv[1]?.endsWith("synthetic.ts")) {
  const [dir, n] = process.argv.slice(2);
  if (dir === undefined || n === undefined) throw new Error("usage: tsx scripts/bench/synthetic.ts <dir> <providers>");
  console.log(writeSyntheticProject(dir, Number(n)).length, "providers written to", dir);
}
