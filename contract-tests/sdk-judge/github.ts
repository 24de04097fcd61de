// @octokit/endpoint as the second judge of the corpus's GitHub operations: it
// computes the request octokit would send (method, URL from its route
// template, headers, body) without sending it; the adapter sends exactly
// that to the recorder, the body JSON-encoded as @octokit/request does.
import { endpoint } from "@octokit/endpoint";
import { params, type SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../scripts/corpus/sdk/logical-call.js";

type Client = { base: string };

async function send(
  client: Client,
  route: string,
  call: LogicalCall,
  extra: Record<string, unknown> = {},
): Promise<void> {
  // @octokit/auth-token's header for a token that is not a JWT.
  const auth = call.credential.secret ? { authorization: `token ${call.credential.secret}` } : {};
  const options = endpoint(route, {
    baseUrl: client.base,
    ...call.path,
    ...params(call),
    ...extra,
    headers: { ...auth, ...((extra.headers as object | undefined) ?? {}) },
  });
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === "string" || options.body instanceof Blob
        ? options.body
        : JSON.stringify(options.body);
  await fetch(options.url, {
    method: options.method,
    headers: options.headers as Record<string, string>,
    ...(body !== undefined ? { body } : {}),
  });
}

const adapter: SdkAdapter<Client> = {
  vendor: "github",
  sdk: "@octokit/endpoint",
  base: "https://api.github.com",
  client: (base) => ({ base }),
  operations: {
    "issues/list-for-repo": (c, call) => send(c, "GET /repos/{owner}/{repo}/issues", call),
    "issues/create": (c, call) => send(c, "POST /repos/{owner}/{repo}/issues", call),
    "issues/get": (c, call) => send(c, "GET /repos/{owner}/{repo}/issues/{issue_number}", call),
    // octokit's own route for it (plugin-rest-endpoint-methods): the file is `data`, its type the content-type header
    // (the caller's own; the suite's sample file is of the type the parameter takes, application/octet-stream here).
    "repos/upload-release-asset": (c, call) =>
      send(
        c,
        "POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
        { ...call, body: undefined },
        {
          data: call.body,
          headers: { "content-type": (call.body as Blob | undefined)?.type || "application/octet-stream" },
        },
      ),
  },
  quirks: [
    {
      kind: "sdk",
      at: "header authorization",
      why:
        "octokit writes a token that is not a JWT after the scheme `token`, Blockwright's draft after `Bearer` " +
        "(the document declares no scheme; add drafts bearer, which GitHub documents as equal to `token`): same " +
        "credential, both accepted",
    },
  ],
};

export default adapter;
