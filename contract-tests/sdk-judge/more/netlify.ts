// @netlify/api (Netlify's own js-client) as the second judge of the corpus's
// Netlify operations. A method per operationId takes one object of the wire's
// names (path, query and body parameters together), the body as `body`.
import { NetlifyAPI } from "@netlify/api";
import { SHARED, type SdkAdapter } from "../../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../../scripts/corpus/sdk/logical-call.js";

const args = (c: LogicalCall) => ({ ...c.path, ...c.query, ...(c.body !== undefined ? { body: c.body } : {}) });

const adapter: SdkAdapter<NetlifyAPI> = {
  vendor: "netlify",
  sdk: "@netlify/api",
  base: "https://api.netlify.com/api/v1",
  client: (base, call) => {
    const url = new URL(base);
    return new NetlifyAPI(call.credential.secret ?? "", {
      scheme: url.protocol.replace(":", ""),
      host: url.host,
      pathPrefix: url.pathname,
    });
  },
  operations: {
    listSites: (n, c) => n.listSites(args(c) as never),
    getSite: (n, c) => n.getSite(args(c) as never),
    createSiteDeploy: (n, c) => n.createSiteDeploy(args(c) as never),
    uploadDeployFile: (n, c) => n.uploadDeployFile(args(c) as never),
  },
  quirks: [
    {
      kind: "document",
      operation: "uploadDeployFile",
      at: "path",
      why:
        "the SDK writes every path value as it is, so a file's path `css/main.css` goes as segments, as the service " +
        "routes it; the document declares {path} a plain string with no description or mark of spanning segments " +
        "(x-multi-segment, allowReserved), so the draft keeps OpenAPI's simple style (%2F) and add's review note on " +
        "a path value named a path at the path's end says how to mark it (wire.multiSegment: true)",
    },
    SHARED.rawPathId(),
    {
      kind: "sdk",
      operation: "createSiteDeploy",
      at: /^(body|media type)$/,
      why:
        "the SDK sends no body when the call gives none of its fields; the document requires one (`deploy`, in: " +
        "body, required: true), and Blockwright sends the empty object that body's schema allows",
    },
  ],
};

export default adapter;
