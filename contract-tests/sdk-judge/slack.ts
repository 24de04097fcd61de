// @slack/web-api as the second judge of the corpus's Slack operations.
import { WebClient } from "@slack/web-api";
import { params, type SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";

const adapter: SdkAdapter<WebClient> = {
  vendor: "slack",
  sdk: "@slack/web-api",
  base: "https://slack.com/api",
  client: (base, call) =>
    new WebClient(call.credential.secret, {
      slackApiUrl: `${base}/`,
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
    }),
  operations: {
    conversations_list: (s, c) => s.conversations.list(params(c) as never),
    conversations_history: (s, c) => s.conversations.history(params(c) as never),
    chat_postMessage: (s, c) => s.chat.postMessage(params(c) as never),
    files_upload: (s, c) => s.apiCall("files.upload", params(c)),
  },
  quirks: ["conversations_list", "conversations_history"].map((operation) => ({
    kind: "sdk" as const,
    operation,
    at: /^(method|query .*|media type|body)$/,
    why:
      "@slack/web-api sends every Web API method as a POST form; the document declares this one as a GET with " +
      "query parameters, which Blockwright sends; Slack takes a method's arguments either way",
  })),
};

export default adapter;
