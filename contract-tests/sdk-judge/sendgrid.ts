// SendGrid's Node client (@sendgrid/client) as the second judge of the
// corpus's Marketing Campaigns contacts operations. The client has no method
// per operation: its `request` takes a method, a URL relative to its base,
// the query as `qs` and the JSON body, and writes them itself (axios), with
// the key after `Bearer`. The adapter fills the path template (each value
// escaped as a segment, as the SDK's users are told to), so the path compared
// is the route, and the query, body and headers are the SDK's own writing.
import sendgrid from "@sendgrid/client";
import type { SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../scripts/corpus/sdk/logical-call.js";

type Client = typeof sendgrid;
// The package exports a shared client and, untyped, its class: each call gets a client of its own.
const ClientClass = (sendgrid as unknown as { Client: new () => Client }).Client;

const url = (c: LogicalCall) =>
  c.template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(c.path[name])));

const send = (s: Client, c: LogicalCall) =>
  s.request({
    method: c.method as never,
    url: url(c),
    ...(Object.keys(c.query).length ? { qs: c.query } : {}),
    ...(c.body === undefined ? {} : { body: c.body as object }),
  });

const adapter: SdkAdapter<Client> = {
  vendor: "sendgrid",
  sdk: "@sendgrid/client",
  base: "https://api.sendgrid.com",
  client(base, call) {
    const client = new ClientClass();
    client.setApiKey(call.credential.secret ?? "");
    client.setDefaultRequest("baseUrl", base);
    return client;
  },
  operations: {
    ListContact: send,
    UpdateContact: send,
    GetContact: send,
    DeleteContact: send,
    SearchContact: send,
    GetImportContact: send,
  },
  quirks: [],
};

export default adapter;
