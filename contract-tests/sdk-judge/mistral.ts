// client-ts (@mistralai/mistralai) as the second judge of the corpus's
// Mistral operations. Its methods take camelCase names at every depth and
// write the wire's snake_case.
import { Mistral } from "@mistralai/mistralai";
import { camelKeys, params, type SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";

const adapter: SdkAdapter<Mistral> = {
  vendor: "mistral",
  sdk: "@mistralai/mistralai",
  base: "https://api.mistral.ai",
  client: (base, call) =>
    new Mistral({ apiKey: call.credential.secret ?? "", serverURL: base, retryConfig: { strategy: "none" } }),
  operations: {
    chat_completion_v1_chat_completions_post: (m, c) => m.chat.complete(camelKeys(params(c)) as never),
    files_api_routes_list_files: (m, c) => m.files.list(camelKeys(params(c)) as never),
    files_api_routes_upload_file: (m, c) => {
      const { file, ...rest } = params(c) as { file: File };
      return m.files.upload({ ...(camelKeys(rest) as object), file } as never);
    },
    files_api_routes_download_file: (m, c) => m.files.download({ fileId: c.path.file_id as string }),
  },
  quirks: [
    ...[
      ["chat_completion_v1_chat_completions_post", /^body \/(stream|guardrails\/\d+(\/block_on_error)?)$/],
      ["files_api_routes_list_files", /^query (page|page_size|include_total)$/],
      ["files_api_routes_upload_file", /^part visibility$/],
    ].map(([operation, at]) => ({
      kind: "sdk" as const,
      operation: operation as string,
      at: at as RegExp,
      why:
        "the SDK writes the default of an optional field the call leaves out (`stream: false`, `page_size: 100`, " +
        "`visibility: workspace`…, from its schemas); the document declares the same defaults, which the service " +
        "applies to a request without them",
    })),
  ],
};

export default adapter;
