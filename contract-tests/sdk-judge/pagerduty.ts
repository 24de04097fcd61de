// PagerDuty's JavaScript client (@pagerduty/pdjs) as the second judge of the
// corpus's incident operations. Its `api` takes an endpoint, a method, the
// query (or, for a write, the JSON body) as `data`, and headers; it writes
// the key after `Token token=` and its own Accept for API version 2. It takes
// a whole URL in place of its https host: the adapter fills the path template
// (each value escaped as a segment), so the path compared is the route, and
// the query, body and headers are the SDK's own writing.
import { api } from "@pagerduty/pdjs";
import type { SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../scripts/corpus/sdk/logical-call.js";

interface Client {
  base: string;
  token: string;
}

const path = (c: LogicalCall) =>
  c.template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(c.path[name])));

const send = (p: Client, c: LogicalCall) =>
  api({
    token: p.token,
    url: `${p.base}${path(c)}`,
    method: c.method,
    headers: c.headers as Record<string, string>,
    ...(c.method === "GET" ? { data: c.query } : { data: c.body }),
  } as never);

const adapter: SdkAdapter<Client> = {
  vendor: "pagerduty",
  sdk: "@pagerduty/pdjs",
  base: "https://api.pagerduty.com",
  client: (base, call) => ({ base, token: call.credential.secret ?? "" }),
  operations: { listIncidents: send, createIncident: send, getIncident: send },
  quirks: [
    {
      kind: "sdk",
      at: "header accept",
      why:
        'the document declares Accept a required header parameter ("used as a versioning header", default ' +
        "`application/vnd.pagerduty+json;version=2`), a definition OpenAPI says SHALL be ignored; its answers " +
        "declare application/json, which Blockwright asks for; the SDK asks for the vendor type, pinning API " +
        "version 2, where a call without it is answered in the version of its token (PagerDuty's versioning " +
        "guide: a new token's is the latest, 2): the same JSON for such a token",
    },
  ],
};

export default adapter;
