// Whether the default a document gives a value the caller must give is the API's constant, which every call sends
// (an API version, a media type, a flag, a type tag), or an example of the caller's own data (an account name
// `apiexamples`, a seller id `seller123`), which sent silently would act on the document's example instead of what
// the caller means. OpenAPI and Swagger give a default on a required parameter no meaning; published documents use
// it both ways, told apart by the value's shape and the name it is given under.

/** The value as the draft reads it: its name (and the name it is sent under), where it goes. */
export interface RequiredValue {
  name: string;
  sentAs?: string;
  place: "path" | "query" | "header" | "cookie" | "body";
}

/** A version by its name (`api-version`, `revision`) or by its value (`v4`, `2.1`, `2026-04`, `2024-07-15`). */
const VERSION_NAME = /version|revision/i;
const VERSION_VALUE = /^(v\d+(\.\d+)*|\d+\.\d+(\.\d+)?|\d{4}-\d{2}(-\d{2})?)$/i;
/** A media type (`application/json`, `application/vnd.acme+json; version=2`). */
const MEDIA_TYPE = /^[a-z]+\/[a-z0-9.+*-]+(\s*;.*)?$/i;
/** A field that tags what kind of thing a body is (`type`, `kind`, `object`, `@meta.type`). */
const TYPE_TAG = /^@?([\w-]+\.)*(type|kind|object)$/i;
/** A name for an identifier (`id`, `sellerId`, `model_id`, `ID`). */
const IDENTIFIER = /^(id|Id|ID)$|[a-z0-9](Id|ID)$|[_.-](id|Id|ID)$/;

/**
 * Whether a required value's default reads as an example of the caller's data (drafted as its example, so every call
 * gives its own; a review note says why), rather than the API's constant, sent by every call.
 */
export function exampleDefault(
  value: unknown,
  input: RequiredValue,
  param: { enum?: unknown[] },
  note: (text: string) => void,
): boolean {
  const name = input.sentAs ?? input.name;
  const why = exampleReading(value, name, input.place, param.enum !== undefined);
  if (why === undefined) return false;
  const where = input.place === "body" ? "body field" : `${input.place} parameter`;
  note(
    `the ${where} ${name} is required and the spec gives it the default ${JSON.stringify(value)}, which reads as ` +
      `an example (${why}): drafted as its example, not sent for the caller; every call gives its own`,
  );
  return true;
}

/**
 * Why the default of a required value reads as an example of the caller's data, or undefined where it is the API's
 * constant. Headers and cookies are the API's (a version, a media type); so are listed values, flags, versions,
 * media types and type tags. A text is the caller's; a number only where the name is an identifier's (`modelId`):
 * elsewhere (`page` 1) it is a plain starting value.
 */
function exampleReading(value: unknown, name: string, place: RequiredValue["place"], listed: boolean) {
  if (listed || place === "header" || place === "cookie") return undefined;
  if (VERSION_NAME.test(name) || TYPE_TAG.test(name)) return undefined;
  if (typeof value === "number") return IDENTIFIER.test(name) ? OWN_RECORD : undefined;
  if (typeof value !== "string" || VERSION_VALUE.test(value) || MEDIA_TYPE.test(value)) return undefined;
  return IDENTIFIER.test(name) ? OWN_RECORD : "a text of the caller's own, not a version, media type or type tag";
}

const OWN_RECORD = "an identifier, which names the caller's own record";
