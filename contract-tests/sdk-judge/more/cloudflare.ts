// cloudflare-typescript (cloudflare) as the second judge of the corpus's
// Cloudflare operations. Its methods take one object of the path, query and
// body fields (the SDK sorts them), a dotted query name as a nested object.
import Cloudflare from "cloudflare";
import { params, type SdkAdapter } from "../../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../../scripts/corpus/sdk/logical-call.js";

/**
 * `{"account.id": x}` → `{account: {id: x}}`: the SDK's own shape of a dotted query name. A plain name beside its
 * dotted ones (`comment` and `comment.contains`) has no argument of the SDK: the dotted ones win (a quirk below).
 */
function nested(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const dotted = Object.entries(flat).filter(([key]) => key.includes("."));
  for (const [key, value] of Object.entries(flat)) if (!key.includes(".")) out[key] = value;
  for (const [key, value] of dotted) {
    const [head, ...rest] = key.split(".") as [string, ...string[]];
    let node = out;
    for (const part of [head, ...rest.slice(0, -1)]) {
      if (!node[part] || typeof node[part] !== "object") node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[rest[rest.length - 1] as string] = value;
  }
  return out;
}

// The path last: a body field of the path parameter's name (read only) is not where the SDK puts the path.
const all = (c: LogicalCall) => ({ ...nested(params(c)), ...c.path }) as never;

const adapter: SdkAdapter<Cloudflare> = {
  vendor: "cloudflare",
  sdk: "cloudflare",
  base: "https://api.cloudflare.com/client/v4",
  client: (base, call) => {
    const email = call.credential.headers["X-Auth-Email"];
    const key = call.credential.headers["X-Auth-Key"];
    return new Cloudflare({
      baseURL: base,
      maxRetries: 0,
      ...(email && key ? { apiEmail: email, apiKey: key } : { apiToken: call.credential.secret ?? "" }),
    });
  },
  operations: {
    "zones-get": (cf, c) => cf.zones.list(all(c)),
    "zones-0-get": (cf, c) => cf.zones.get(all(c)),
    "dns-records-for-a-zone-list-dns-records": (cf, c) => cf.dns.records.list(all(c)),
    "dns-records-for-a-zone-create-dns-record": (cf, c) => cf.dns.records.create(all(c)),
    "workers-ai-post-run-cf-meta-llama-2-7b-chat-fp16": (cf, c) => cf.ai.run("@cf/meta/llama-2-7b-chat-fp16", all(c)),
  },
  quirks: [
    {
      kind: "sdk",
      operation: "dns-records-for-a-zone-list-dns-records",
      at: /^query (comment|tag)$/,
      why:
        "the document declares a plain filter (`comment`) beside its dotted ones (`comment.contains`…); the SDK " +
        "takes them as one object (`comment: {contains}`), which has no place for the plain one: it cannot send " +
        "both",
    },
    {
      kind: "sdk",
      operation: "workers-ai-post-run-cf-meta-llama-2-7b-chat-fp16",
      at: "path",
      why:
        "the document spells the model in the path's own segments (`/ai/run/@cf/meta/…`); the SDK takes the model " +
        "name as one argument and escapes its `/` as one segment's (`@cf%2Fmeta%2F…`), its own way of one route",
    },
    {
      kind: "sdk",
      operation: "workers-ai-post-run-cf-meta-llama-2-7b-chat-fp16",
      at: /^(body|media type)$/,
      why:
        "the document leaves the request body optional: Blockwright sends none when the call gives no field; the " +
        "SDK always writes a JSON object, `{}` here",
    },
  ],
};

export default adapter;
