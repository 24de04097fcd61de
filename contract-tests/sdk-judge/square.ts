// Square's Node SDK (square) as the second judge of the corpus's customers and
// catalog image operations. A SquareClient takes the access token and a base
// URL (the recorder), with retries off; each method takes one object in
// camelCase (a list's `sortField`, a create's `givenName`, a read's
// `customerId`) and writes the wire's snake_case names; the image upload takes
// the JSON part as `request` (its fields in camelCase too) and the file as
// `imageFile`.
import { SquareClient } from "square";
import { camelKeys, type SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";

type Fields = Record<string, unknown>;
const fields = (v: unknown) => (v ?? {}) as Fields;

const adapter: SdkAdapter<SquareClient> = {
  vendor: "square",
  sdk: "square",
  base: "https://connect.squareup.com",
  client: (base, call) => new SquareClient({ token: call.credential.secret ?? "", baseUrl: base, maxRetries: 0 }),
  operations: {
    ListCustomers: (s, c) => s.customers.list(camelKeys(c.query) as never),
    CreateCustomer: (s, c) => s.customers.create(camelKeys(fields(c.body)) as never),
    RetrieveCustomer: (s, c) => s.customers.get({ customerId: c.path.customer_id as string }),
    CreateCatalogImage: (s, c) => {
      const { request, image_file } = fields(c.body);
      return s.catalog.images.create({
        ...(request !== undefined ? { request: camelKeys(request) } : {}),
        ...(image_file !== undefined ? { imageFile: image_file } : {}),
      } as never);
    },
  },
  quirks: [
    {
      kind: "sdk",
      operation: "CreateCatalogImage",
      at: /^part request( \(content type\))?$/,
      why:
        "the document's `request` part is an object, which OpenAPI sends as application/json, and Blockwright does; " +
        "the SDK writes the same JSON (its fields in another order) as a part with no content type, which Square " +
        "reads as the JSON it is",
    },
  ],
};

export default adapter;
