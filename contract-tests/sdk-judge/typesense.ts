// typesense-js as the second judge of the corpus's Typesense operations. A
// client is one node (the recorder) with retries off; each method takes its
// query fields as one object under the wire's names (a search's
// `searchParameters`, an export's `exportDocumentsParameters`), a document or
// a collection schema as it is.
import { Client } from "typesense";
import type { SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../scripts/corpus/sdk/logical-call.js";

const name = (c: LogicalCall) => c.path.collectionName as string;

const adapter: SdkAdapter<Client> = {
  vendor: "typesense",
  sdk: "typesense",
  base: "http://localhost:8108",
  client: (base, call) =>
    new Client({
      nodes: [{ url: base }],
      apiKey: call.credential.secret ?? "",
      numRetries: 0,
      connectionTimeoutSeconds: 10,
      logLevel: "silent",
    }),
  operations: {
    getCollections: (t, c) => t.collections().retrieve(c.query as never),
    createCollection: (t, c) => t.collections().create(c.body as never),
    searchCollection: (t, c) =>
      t
        .collections(name(c))
        .documents()
        .search(c.query as never),
    indexDocument: (t, c) =>
      t
        .collections(name(c))
        .documents()
        .create(c.body as never, c.query as never),
    getDocument: (t, c) =>
      t
        .collections(name(c))
        .documents(c.path.documentId as string)
        .retrieve(),
    exportDocuments: (t, c) =>
      t
        .collections(name(c))
        .documents()
        .export(c.query as never),
  },
  quirks: [
    {
      kind: "sdk",
      operation: "indexDocument",
      at: "body",
      why:
        "the document's body is a required object of any fields, and the values made from its schema are the " +
        "empty object, which Blockwright sends as the document says (`{}`); typesense-js sends no body at all " +
        "when the object it is given has no keys (its ApiCall leaves out an empty body), a request the document " +
        "does not describe",
    },
  ],
};

export default adapter;
