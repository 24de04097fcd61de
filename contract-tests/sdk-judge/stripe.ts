// stripe-node as the second judge of the corpus's Stripe operations.
import Stripe from "stripe";
import { params, type SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";

const adapter: SdkAdapter<Stripe> = {
  vendor: "stripe",
  sdk: "stripe",
  base: "https://api.stripe.com",
  client(base, call) {
    const url = new URL(base);
    return new Stripe(call.credential.secret ?? "", {
      host: url.hostname,
      port: Number(url.port),
      protocol: "http",
      maxNetworkRetries: 0,
      telemetry: false,
    });
  },
  operations: {
    GetCustomers: (s, c) => s.customers.list(params(c) as Stripe.CustomerListParams),
    PostCustomers: (s, c) => s.customers.create(params(c) as Stripe.CustomerCreateParams),
    GetCustomersCustomer: (s, c) =>
      s.customers.retrieve(c.path.customer as string, params(c) as Stripe.CustomerRetrieveParams),
    PostPaymentIntentsIntent: (s, c) =>
      s.paymentIntents.update(c.path.intent as string, params(c) as Stripe.PaymentIntentUpdateParams),
    PostFiles: (s, c) => s.files.create(params(c) as unknown as Stripe.FileCreateParams),
  },
  quirks: [],
};

export default adapter;
