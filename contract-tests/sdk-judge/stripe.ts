// stripe-node as the second judge of the corpus's Stripe operations.
import Stripe from "stripe";
import { params, type SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";

const adapter: SdkAdapter<Stripe> = {
  vendor: "stripe",
  sdk: "stripe",
  base: "https://api.stripe.com",
  client(base, call) {
    const url = new URL(base);
    return new Stripe(call.credential.secret ?? "", { host: url.hostname, port: Number(url.port), protocol: "http", maxNetworkRetries: 0, telemetry: false });
  },
  operations: {
    GetCustomers: (s, c) => s.customers.list(params(c) as Stripe.CustomerListParams),
    PostCustomers: (s, c) => s.customers.create(params(c) as Stripe.CustomerCreateParams),
    GetCustomersCustomer: (s, c) => s.customers.retrieve(c.path.customer as string, params(c) as Stripe.CustomerRetrieveParams),
    PostPaymentIntentsIntent: (s, c) => s.paymentIntents.update(c.path.intent as string, params(c) as Stripe.PaymentIntentUpdateParams),
    PostFiles: (s, c) => s.files.create(params(c) as unknown as Stripe.FileCreateParams),
  },
  quirks: [
    {
      kind: "pending",
      operation: "PostFiles",
      at: /^part (expand|file_link_data)/,
      why: "defect of Blockwright, found here: the document's multipart encoding sets style deepObject for expand and file_link_data (OpenAPI 3.0.4/3.1.1 apply a style set on a multipart field), so they go as parts expand[0], file_link_data[create]…, as stripe-node sends them; Blockwright sends each as one part of JSON text. The fix (runtime/call/file-inputs.ts, src/link/body.ts, the suite's read-back, with regression tests) is ready and held back until the strict judge's mock reads such parts (issue 55 item 1): Prism's multipart reader crashes on a part name holding `=`, which a free-form key inside such a field makes",
    },
  ],
};

export default adapter;
