// workos-node (@workos-inc/node) as the second judge of the corpus's WorkOS
// operations. A list takes its query fields under the wire's names (the SDK
// passes them as they are); a create or an update takes the body's fields in
// camelCase, which its serializer writes back under the wire's names.
import { WorkOS } from "@workos-inc/node";
import { camelKeys, type SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../scripts/corpus/sdk/logical-call.js";

const body = (c: LogicalCall) => camelKeys(c.body ?? {}, false) as Record<string, unknown>;

const adapter: SdkAdapter<WorkOS> = {
  vendor: "workos",
  sdk: "@workos-inc/node",
  base: "https://api.workos.com",
  client(base, call) {
    const url = new URL(base);
    return new WorkOS(call.credential.secret ?? "", {
      apiHostname: url.hostname,
      port: Number(url.port),
      https: false,
      maxRetries: 0,
    } as never);
  },
  operations: {
    OrganizationsController_list: (w, c) => w.organizations.listOrganizations(c.query as never),
    OrganizationsController_create: (w, c) => w.organizations.createOrganization(body(c) as never),
    OrganizationsController_find: (w, c) => w.organizations.getOrganization(c.path.id as string),
    OrganizationsController_updateOrganization: (w, c) =>
      w.organizations.updateOrganization({ organization: c.path.id, ...body(c) } as never),
    DirectoryUsersController_list: (w, c) => w.directorySync.listUsers(c.query as never),
  },
  // A list's page and an organization, as the SDK reads its replies (its readers map both lists).
  answer: {
    status: 200,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ object: "list", data: [], list_metadata: {}, domains: [], id: "org_zq" }),
  },
  quirks: [
    {
      kind: "sdk",
      at: "query order",
      why:
        "the SDK writes `order=desc` into every list it is given no order for; the document declares `order` " +
        "optional with the default `desc`, which Blockwright leaves to the service (the same order)",
    },
    {
      kind: "sdk",
      at: /^body \/(allow_profiles_outside_organization|domains\/\d+)$/,
      why:
        "the SDK's create and update serializers write only `name`, `domain_data`, `external_id`, `metadata` " +
        "(and `stripe_customer_id`), dropping the document's `allow_profiles_outside_organization` and `domains` " +
        "(the latter described as deprecated in favour of `domain_data`); Blockwright sends both as given",
    },
  ],
};

export default adapter;
