// One reading of "not a credential" (load/schemas/no-credential.ts), a name with its description: add read a document
// with no scheme whose operations take an `idempotency_key` query parameter (or a `sort_key`, a `key` described as an
// object's) as if that were the API key, drafting the credential there. Each row both ways: the reading itself, what
// add's key parameter finds (key-parameter.ts) and whether a header beside the provider's credential carries one
// (credential-params.ts).
import { describe, expect, it } from "vitest";
import { notACredential } from "../../../load/schemas/no-credential.js";
import { carriesCredential } from "../credential-params.js";
import { keyParameter } from "./key-parameter.js";

type Row = { name: string; in: "query" | "header"; description?: string; credential: boolean };

const ROWS: Row[] = [
  { name: "api_key", in: "query", credential: true },
  { name: "apikey", in: "query", description: "Your zq key's identifier, from the console.", credential: true },
  { name: "key", in: "query", description: "API key. Your API key identifies your zq project.", credential: true },
  { name: "key", in: "query", credential: true },
  { name: "X-API-KEY", in: "header", description: "The key's id as the zq console shows it.", credential: true },
  { name: "X-Zq-Token", in: "header", description: "A token identifying your zq account.", credential: true },
  { name: "idempotency_key", in: "query", description: "A unique value per request.", credential: false },
  { name: "X-Idempotency-Key", in: "header", credential: false },
  { name: "request_key", in: "query", credential: false },
  { name: "X-Request-Key", in: "header", credential: false },
  { name: "cache_key", in: "query", credential: false },
  { name: "sort_key", in: "query", credential: false },
  { name: "X-Partition-Key", in: "header", credential: false },
  { name: "primary_key", in: "query", credential: false },
  { name: "next_token", in: "query", credential: false },
  { name: "key", in: "query", description: "The object's key in the zq bucket.", credential: false },
  {
    name: "key",
    in: "query",
    description: "The key of the record to read. Keys are case-sensitive.",
    credential: false,
  },
  { name: "key", in: "query", description: "Unique identifier of the zq widget.", credential: false },
  {
    name: "X-Zq-Payment-Authorization",
    in: "header",
    description: "The payment's authorization reference returned by the card network.",
    credential: false,
  },
];

const op = (operationId: string, p: Row) => ({
  operationId,
  parameters: [
    {
      name: p.name,
      in: p.in,
      required: true,
      schema: { type: "string" },
      ...(p.description ? { description: p.description } : {}),
    },
  ],
  responses: { "200": { description: "ok" } },
});

describe("not a credential: a key's or a token's name and description, one reading", () => {
  it.each(ROWS)("$name ($in), described $description: credential $credential", (row) => {
    expect(notACredential(row.name, row.description)).toBe(!row.credential);
    const doc = { openapi: "3.0.3", info: { title: "Zq", version: "1" }, paths: {} };
    const found = keyParameter(doc, [{ op: op("getZqA", row) }, { op: op("getZqB", row) }]);
    expect(found?.name).toBe(row.credential ? row.name : undefined);
  });

  it("a header beside the provider's credential: an idempotency, request or data place's key carries none", () => {
    for (const name of ["X-Idempotency-Key", "X-Request-Key", "X-Sort-Key", "X-Partition-Key", "X-Cache-Key"])
      expect(carriesCredential("header", name, true), name).toBe(false);
    expect(carriesCredential("header", "X-Zq-Api-Key", true)).toBe(true);
    expect(carriesCredential("header", "X-Zq-Server-Key", true, "The zq server's key.")).toBe(true);
  });
});
