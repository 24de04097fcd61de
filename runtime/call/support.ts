// What a call may need beyond the core, by what the provider declares: a
// generated package passes only the parts its tools use (the generator
// decides, src/emit/emit-client.ts), so that a provider without JSON
// parameters, cross-field rules, form bodies, next-page addresses, a
// request rate, files or OAuth 2 flows bundles none of that code.
// execute/full-support.ts has them all: what the workflow runner, the command
// line and `executeToolDefinition` use. A tool that needs a part its caller
// was made without fails before any request, naming the part to pass.
import type { HttpRequest } from "../http/transport.js";
import type { RateLimiter } from "../http/rate-limiter.js";
import type { AuthWay, FormFieldEncoding } from "../spec/tool-types.js";
import type { ValueSupport } from "../validate/validate-params.js";
import type { WithOAuth } from "./credential.js";
import type { FileSupport } from "./file-support.js";

export { SUPPORT_EXPORTS, unsupported } from "../common/unsupported.js";

export interface Support extends WithOAuth, ValueSupport {
  /** Form-encoded bodies, and arrays and objects in the query: `formEncoding`. */
  form?: {
    encodeForm(body: unknown, fields?: Record<string, FormFieldEncoding>): string;
    styledPairs(name: string, value: unknown, encoding?: FormFieldEncoding): [string, string][];
  };
  /** Next pages at an address (`nextUrl`, `linkHeader`): `pageLinks`. */
  links?: {
    linkNext(header: string | null): string | undefined;
    nextPageRequest(previous: HttpRequest, first: HttpRequest, next: string, way: AuthWay, credential: string, values: Record<string, unknown>): HttpRequest | { refused: string };
  };
  /** The provider's documented request rate (`rateLimits.requestsPerMinute`), kept per executor or client: `RateLimiter`. */
  rateLimits?: new () => RateLimiter;
  /** File parameters (multipart uploads) and file answers (`download`): `fileSupport`. */
  files?: FileSupport;
}
