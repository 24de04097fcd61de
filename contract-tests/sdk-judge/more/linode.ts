// @linode/api-v4 (Linode's own JavaScript client) as the second judge of the
// corpus's Linode operations. Its functions share one axios instance: the token
// and the address are set on it by request interceptors, which each client
// here replaces. A list takes its query (`page`, `page_size`) and its filter
// (an object the SDK writes as JSON in X-Filter) as two arguments. The document
// declares X-Filter with a schema of objects and no `content`, and its words say
// "a JSON object": add's cut describes it by `content: application/json`
// (src/import/json-text-params.ts), so Blockwright sends the same JSON
// text, no longer OpenAPI's simple style (`+and,…`).
import * as linode from "@linode/api-v4";
import type { AxiosInstance } from "axios";
import type { SdkAdapter } from "../../../scripts/corpus/sdk/adapter.js";

/**
 * The functions used here: the package's declarations re-export its modules without a file extension, which the
 * project's module resolution (NodeNext) does not follow, so their types are written here.
 */
interface LinodeSdk {
  getLinodes(params?: unknown, filter?: unknown): Promise<unknown>;
  getLinode(linodeId: unknown): Promise<unknown>;
  createLinode(data: unknown): Promise<unknown>;
  /** The axios instance every function sends through. */
  baseRequest: AxiosInstance;
  /** The token as `Authorization: Bearer`, by an interceptor on that instance (its id). */
  setToken(token: string): number;
}
const { baseRequest, createLinode, getLinode, getLinodes, setToken } = linode as unknown as LinodeSdk;

const SDK_ORIGIN = "https://api.linode.com";
/** The interceptors the last client set, ejected by the next. */
let installed: number[] = [];

const adapter: SdkAdapter<void> = {
  vendor: "linode",
  sdk: "@linode/api-v4",
  base: SDK_ORIGIN,
  client: (base, call) => {
    for (const id of installed) baseRequest.interceptors.request.eject(id);
    installed = [
      setToken(call.credential.secret ?? ""),
      baseRequest.interceptors.request.use((config) => {
        // The SDK's own URL (`https://api.linode.com/v4beta/…`) at the recorder.
        if (config.url?.startsWith(SDK_ORIGIN)) config.url = base + config.url.slice(SDK_ORIGIN.length);
        return config;
      }),
    ];
  },
  operations: {
    "get-linode-instances": (_, c) => {
      const filter = c.headers["X-Filter"];
      return getLinodes(c.query as never, (typeof filter === "string" ? JSON.parse(filter) : filter) as never);
    },
    // createLinode checks the body with its own yup schema first, which refuses combinations the document's schema
    // allows (an interface's `primary` beside `purpose: vlan`, a `subnet_id` without `purpose: vpc`, every field of
    // each interface being filled): such a body goes through the SDK's axios instance with createLinode's own request
    // (POST `${BETA_API_ROOT}/linode/instances`, the body as given), the layer it calls after its check.
    "post-linode-instance": (_, c) =>
      createLinode(c.body as never).catch((e: unknown) => {
        if (!Array.isArray(e) || !e.every((x) => typeof x?.reason === "string")) throw e;
        return baseRequest({ url: `${SDK_ORIGIN}/v4beta/linode/instances`, method: "POST", data: c.body });
      }),
    "get-linode-instance": (_, c) => getLinode(c.path.linodeId as never),
  },
  quirks: [
    {
      kind: "sdk",
      at: "path",
      why:
        "the SDK sends every call to the API version it is built for (`/v4beta/…`); the document makes the version " +
        "a path value of the call's ({apiVersion}, default `v4`: \"Call either the `v4` URL, or `v4beta` for " +
        'operations still in Beta"), which Blockwright sends as given',
    },
  ],
};

export default adapter;
