// The Pinecone TypeScript SDK (@pinecone-database/pinecone) as the second
// judge of the corpus's Pinecone data-plane operations. A client is an index
// reached at its own host (the document's server `https://{index_host}`: the
// recorder here), with the API key and retries off; each method takes one
// object of options in camelCase (a query's `topK`, `includeValues`; an
// upsert's vectors as `records`; a search's `query.topK`, `rerank.rankFields`)
// with the namespace among them, and writes the API version it is built for.
// Its upsert and delete check their arguments before sending: a call they
// refuse that the document allows (a delete giving `ids` and `filter`
// together, or neither; an upsert of no record) goes through the SDK's own
// generated data-plane client, the one those methods call after their checks
// (same configuration, headers and serialisation), so that every call is
// compared on the wire.
import { type Index, Pinecone } from "@pinecone-database/pinecone";
import {
  X_PINECONE_API_VERSION,
  type VectorOperationsApi,
} from "@pinecone-database/pinecone/dist/pinecone-generated-ts-fetch/db_data/index.js";
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

/** The generated client the index's methods call (VectorOperationsProvider), as the index configured it. */
const generated = (p: Index) =>
  (
    p as unknown as { _upsertCommand: { apiProvider: { provide(): Promise<VectorOperationsApi> } } }
  )._upsertCommand.apiProvider.provide();

/** deleteAll for `deleteAll: true` alone, deleteMany for ids or a filter alone; the generated client otherwise. */
async function remove(p: Index, c: LogicalCall) {
  const { deleteAll, ids, filter, ...rest } = fields(c);
  const filled = (v: unknown) => (Array.isArray(v) ? v.length > 0 : !!v && Object.keys(v).length > 0);
  if (deleteAll === true && ids === undefined && filter === undefined)
    return p.deleteAll({ namespace: rest.namespace } as never);
  if (deleteAll === undefined && filled(ids) !== filled(filter) && (ids ?? filter) !== undefined)
    return p.deleteMany({ ...rest, ...(filled(ids) ? { ids } : { filter }) } as never);
  const api = await generated(p);
  return api.deleteVectors({ xPineconeApiVersion: X_PINECONE_API_VERSION, deleteRequest: fields(c) as never });
}

/** upsert for records each with values or sparse values; the generated client for a list the method refuses. */
async function upsert(p: Index, c: LogicalCall) {
  const { vectors, ...rest } = fields(c);
  const records = Array.isArray(vectors) ? (vectors as Fields[]) : [];
  if (records.length > 0 && records.every((r) => r.values !== undefined || r.sparseValues !== undefined))
    return p.upsert({ ...rest, records } as never);
  const api = await generated(p);
  return api.upsertVectors({ xPineconeApiVersion: X_PINECONE_API_VERSION, upsertRequest: fields(c) as never });
}

const adapter: SdkAdapter<Index> = {
  vendor: "pinecone",
  sdk: "@pinecone-database/pinecone",
  base: "https://unknown",
  client: (base, call) => new Pinecone({ apiKey: call.credential.secret ?? "", maxRetries: 0 }).index({ host: base }),
  operations: {
    queryVectors: (p, c) => p.query(fields(c) as never),
    upsertVectors: upsert,
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
  ],
};

export default adapter;
