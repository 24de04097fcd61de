// cohere-typescript (cohere-ai) as the second judge of the corpus's Cohere
// operations: its v2 client, and its v1 client for what the v2 one only names
// (its tokenize is v1's method, unbound). Its methods take camelCase names at
// every depth and write the wire's snake_case.
import { CohereClient, CohereClientV2 } from "cohere-ai";
import { camelKeys, params, type SdkAdapter } from "../../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../../scripts/corpus/sdk/logical-call.js";

const args = (c: LogicalCall) => camelKeys(params(c)) as never;

interface Clients {
  v2: CohereClientV2;
  v1: CohereClient;
}

const adapter: SdkAdapter<Clients> = {
  vendor: "cohere",
  sdk: "cohere-ai",
  base: "https://api.cohere.com",
  client: (base, call) => {
    // The SDK writes its X-Client-Name header from this option.
    const clientName = call.headers["X-Client-Name"] as string | undefined;
    const options = { token: call.credential.secret ?? "", baseUrl: base, maxRetries: 0, clientName };
    return { v2: new CohereClientV2(options), v1: new CohereClient(options) };
  },
  operations: {
    // A stream is another method of the SDK's (chat always writes `stream: false`).
    chatv2: (co, c) => {
      const { stream, ...rest } = args(c) as Record<string, unknown>;
      return stream === true ? co.v2.chatStream(rest as never) : co.v2.chat(rest as never);
    },
    embedv2: (co, c) => co.v2.embed(args(c)),
    rerankv2: (co, c) => co.v2.rerank(args(c)),
    tokenize: (co, c) => co.v1.tokenize(args(c)),
    "list-models": (co, c) => co.v2.models.list(args(c)),
  },
  quirks: [
    {
      kind: "sdk",
      operation: "chatv2",
      at: "body /stream",
      why:
        "the SDK writes `stream: false` where the call leaves it out (its chat and chatStream methods write each " +
        "value); the document says the field defaults to false, which the service applies to a request without it",
    },
  ],
};

export default adapter;
