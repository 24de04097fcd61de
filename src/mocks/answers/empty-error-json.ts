// An error answer declared as JSON with neither a schema nor an example (`401: {content: {application/json: {}}}`):
// where Prism answers a request it refuses itself (no credential: 401; a body it rejects: 422, 400), it builds such an
// answer empty with no media type, then its own check wants the declared one, and the mock answered 500 instead of the
// 401 the service sends. Served as the empty object `{}`, a JSON body of no field: the error's message then comes
// from the status line, as the runtime reads an answer that names none.
import { isJsonMediaType } from "../../load/media-types.js";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

/** Whether `status` is an error answer's (`4XX`, `default` included). */
const isError = (status: string) => /^[45]/.test(status) || status === "default";

/** `response` (the answer of `status`), each JSON media type of no schema and no example given `{}` as example. */
export function withEmptyErrorJsonShown(status: string, response: unknown): unknown {
  if (!isError(status) || !isObject(response) || !isObject(response.content)) return response;
  const content = response.content;
  const bare = Object.keys(content).filter((type) => {
    const media = content[type];
    return (
      isJsonMediaType(type) &&
      isObject(media) &&
      media.schema === undefined &&
      media.example === undefined &&
      media.examples === undefined
    );
  });
  if (!bare.length) return response;
  return {
    ...response,
    content: Object.fromEntries(
      Object.entries(content).map(([type, media]) => [
        type,
        bare.includes(type) ? { ...(media as Json), example: {} } : media,
      ]),
    ),
  };
}
