// plaid-node as the second judge of the corpus's Plaid operations. Its
// methods take the request body under the wire's names; the three
// credential headers go in its configuration.
import { Configuration, PlaidApi } from "plaid";
import { params, type SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";

const adapter: SdkAdapter<PlaidApi> = {
  vendor: "plaid",
  sdk: "plaid",
  base: "https://production.plaid.com",
  client: (base, call) =>
    new PlaidApi(new Configuration({ basePath: base, baseOptions: { headers: call.credential.headers } })),
  operations: {
    transactionsSync: (p, c) => p.transactionsSync(params(c) as never),
    accountsGet: (p, c) => p.accountsGet(params(c) as never),
    linkTokenCreate: (p, c) => p.linkTokenCreate(params(c) as never),
    assetReportPdfGet: (p, c) => p.assetReportPdfGet(params(c) as never, { responseType: "arraybuffer" }),
  },
  quirks: [],
};

export default adapter;
