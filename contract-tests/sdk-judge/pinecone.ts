// The Pinecone TypeScript SDK (@pinecone-database/pinecone) as the second
// judge of the corpus's Pinecone data-plane operations. A client is an index
// reached at its own host (the document's server `https://{index_host}`: the
// recorder here), with the API key and retries off; each method takes one
// object of options in camelCase (a query's `topK`, `includeValues`; an
// upsert's vectors as `records`; a search's `query.topK`, `rerank.rankFields`)
// with the namespace among them, and writes the API version it is built for.
import { type Index, Pinecone } from "@pinecone-database/pinecone";
import type { SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../scripts/corpus/sdk/logical-call.js";

type Fields = Record<string, unknown>;
const fields = (c: LogicalCall) => (c.body ?? {}) as Fields;

/** Named keys renamed (`top_k` → `topK`), the others and every value as they are (filters and inputs are free-form). */
const renamed = (value: unknown, names: Record<string, string>) =>
  value && typeof value === "object"
    ? Object.fromEntries(Object.entries(value as Fields).map(([k, v]) => [names[k] ?? k, v]))
    : value;

function search(p: Index, c: LogicalCall) {
  const body = fields(c);
  return p.searchRecords({
    ...body,
    namespace: c.path.namespace as string,
    query: renamed(body.query, { top_k: "topK", match_terms: "matchTerms" }),
    ...(body.rerank ? { rerank: renamed(body.rerank, { rank_fields: "rankFields", top_n: "topN" }) } : {}),
  } as never);
}

function remove(p: Index, c: LogicalCall) {
  const { deleteAll, ...rest } = fields(c);
  return deleteAll ? p.deleteAll({ namespace: rest.namespace } as never) : p.deleteMany(rest as never);
}

const adapter: SdkAdapter<Index> = {
  vendor: "pinecone",
  sdk: "@pinecone-database/pinecone",
  base: "https://unknown",
  client: (base, call) => new Pinecone({ apiKey: call.credential.secret ?? "", maxRetries: 0 }).index({ host: base }),
  operations: {
    queryVectors: (p, c) => p.query(fields(c) as never),
    upsertVectors: (p, c) => {
      const { vectors, ...rest } = fields(c);
      return p.upsert({ ...rest, records: vectors } as never);
    },
    fetchVectors: (p, c) => p.fetch(c.query as never),
    listVectors: (p, c) => p.listPaginated(c.query as never),
    deleteVectors: remove,
    describeIndexStats: (p, c) => p.describeIndexStats(fields(c) as never),
    searchRecordsNamespace: search,
  },
  quirks: [
    {
      kind: "sdk",
      at: "header x-pinecone-api-version",
      why:
        "the document declares X-Pinecone-Api-Version a required header with a default (the API version it " +
        "describes, 2026-04), which Blockwright sends as the call gives it (the default when it gives none); the " +
        "SDK writes the version it is built for (the same 2026-04, the reason this SDK is pinned at 8.2.0: 9.x is " +
        "built for 2026-07) into every request and takes none from the call",
    },
    {
      kind: "sdk",
      at: /^(query namespace|body \/namespace)$/,
      why:
        "the namespace is optional in the document (the index's default namespace when left out), and Blockwright " +
        "sends none when the call gives none; the SDK names the default namespace, `__default__`, itself",
    },
    {
      kind: "sdk",
      operation: "deleteVectors",
      at: "request",
      why:
        "the document's delete body requires no field and types `ids`, `filter` and `deleteAll` side by side (it " +
        "says in words that a filter excludes the others), and Blockwright sends what the call gives; the SDK " +
        "refuses before sending a delete that gives both `ids` and `filter` (every field) or neither (required only)",
    },
    {
      kind: "sdk",
      operation: "upsertVectors",
      at: "request",
      why:
        "the document's Vector requires only `id` (its `required: [values]` sits inside the `values` property, " +
        "where it requires nothing, and `minLength: 1` on the list is not minItems), so the suite's records are " +
        "ids alone, and the required-only call's list is empty, which Blockwright sends; the SDK refuses before " +
        "sending a record without `values` or `sparseValues`, and an empty list",
    },
  ],
};

export default adapter;
