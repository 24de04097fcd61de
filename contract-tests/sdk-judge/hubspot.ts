// HubSpot's Node client (@hubspot/api-client) as the second judge of the
// corpus's CRM contacts operations. A client takes the access token and a base
// path (the recorder), with retries off; each API class is generated from the
// vendor's document: a read's query parameters are positional arguments in the
// order its method lists them, a create or a search takes the body as one
// object under the wire's names (HubSpot's own names are camelCase already).
import { Client } from "@hubspot/api-client";
import type { SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";

type Q = Record<string, unknown>;
const list = (v: unknown) => v as string[] | undefined;

const adapter: SdkAdapter<Client> = {
  vendor: "hubspot",
  sdk: "@hubspot/api-client",
  base: "https://api.hubapi.com",
  client: (base, call) =>
    new Client({ accessToken: call.credential.secret ?? "", basePath: base, numberOfApiCallRetries: 0 }),
  operations: {
    "get-/crm/v3/objects/contacts_getPage": (h, c) => {
      const q = c.query as Q;
      return h.crm.contacts.basicApi.getPage(
        q.limit as number | undefined,
        q.after as string | undefined,
        list(q.properties),
        list(q.propertiesWithHistory),
        list(q.associations),
        q.archived as boolean | undefined,
      );
    },
    "post-/crm/v3/objects/contacts_create": (h, c) => h.crm.contacts.basicApi.create(c.body as never),
    "get-/crm/v3/objects/contacts/{contactId}_getById": (h, c) => {
      const q = c.query as Q;
      return h.crm.contacts.basicApi.getById(
        c.path.contactId as string,
        list(q.properties),
        list(q.propertiesWithHistory),
        list(q.associations),
        q.archived as boolean | undefined,
        q.idProperty as string | undefined,
      );
    },
    "post-/crm/v3/objects/contacts/search_doSearch": (h, c) => h.crm.contacts.searchApi.doSearch(c.body as never),
  },
  quirks: [],
};

export default adapter;
