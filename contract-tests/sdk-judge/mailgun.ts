// mailgun.js as the second judge of the corpus's Mailgun operations. A client
// is made with the FormData it writes multipart bodies with (Node's own), the
// basic pair (user name and API key) and the address; each method takes the
// path's values first (a domain, a suppression's type and address), then the
// query's or the body's fields as one object under the wire's names, files
// among them (`attachment`, `inline`: each a File, a list of them one part
// each). A subaccount's features are given as a boolean each, which the SDK
// writes as the document's `{"enabled": …}` JSON text.
import Mailgun from "mailgun.js";
import { SHARED, type SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../scripts/corpus/sdk/logical-call.js";

type Client = ReturnType<Mailgun["client"]>;
interface Features {
  updateSubaccountFeature(id: string, features: Record<string, unknown>): Promise<unknown>;
}

const fields = (c: LogicalCall) => (c.body ?? {}) as Record<string, unknown>;
const path = (c: LogicalCall, name: string) => c.path[name] as string;

/** `{feature: {enabled}}` as the SDK takes it: `{feature: enabled}`. */
const features = (c: LogicalCall) =>
  Object.fromEntries(Object.entries(fields(c)).map(([k, v]) => [k, (v as { enabled?: boolean })?.enabled]));

const adapter: SdkAdapter<Client> = {
  vendor: "mailgun",
  sdk: "mailgun.js",
  base: "https://api.mailgun.net",
  client: (base, call) =>
    new Mailgun(FormData).client({
      username: call.credential.user ?? "api",
      key: call.credential.secret ?? "",
      url: base,
    }),
  operations: {
    "POST-v3--domain-name--messages": (m, c) => m.messages.create(path(c, "domain_name"), fields(c) as never),
    "GET-v4-domains": (m, c) => m.domains.list(c.query as never),
    "GET-v4-domains--name-": (m, c) => m.domains.get(path(c, "name")),
    "GET-v3-domains--domain--webhooks": (m, c) => m.webhooks.list(path(c, "domain"), c.query as never),
    "get-v3-domain_name-events": (m, c) => m.events.get(path(c, "domain_name"), c.query as never),
    "GET-v3--domainID--bounces--address-": (m, c) =>
      m.suppressions.get(path(c, "domain_name"), "bounces", path(c, "address")),
    "put-v5-accounts-subaccounts-subaccount_id-features": (m, c) =>
      // The client's interface leaves out this method of its class (mailgun.js 14.0.1).
      (m.subaccounts as unknown as Features).updateSubaccountFeature(path(c, "subaccount_id"), features(c)),
  },
  quirks: [
    // The domain, a domain's name and a subaccount's id go into the path as they are (a bounce's address is escaped).
    SHARED.rawPathId(),
  ],
};

export default adapter;
