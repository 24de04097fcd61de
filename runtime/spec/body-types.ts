// How a tool writes its request body (ToolSpec `body`, tool-types.ts): JSON, a form, multipart, bytes, XML or text.
import type { FormFieldEncoding } from "./param-types.js";

/**
 * How the request body is written: JSON (any JSON media type; or a text one, `text/plain` of an object schema, the
 * manifest's `bodyEncoding: json`: the JSON text under that type), an HTML form, multipart/form-data (files among its
 * fields), one file's bytes as they are (`binary`), XML (`xml`: an XML media type, written as `xml` says), or one text
 * (`text`: a string schema under another media type, `text/plain`, the whole-body string parameter's UTF-8 bytes).
 */
export interface BodySpec {
  /**
   * The request's Content-Type, as the spec names it (multipart: fetch adds the boundary; binary: a range such as
   * `image/*` becomes the file's own type).
   */
  mediaType: string;
  encoding: "json" | "form" | "multipart" | "binary" | "xml" | "text";
  /**
   * Form fields whose serialisation the spec sets (OpenAPI `encoding`): style and explode, or JSON; in a multipart
   * body, a styled field is written as a form's would be (its pairs as parts), a JSON one as one part typed
   * application/json.
   */
  fields?: Record<string, FormFieldEncoding>;
  /**
   * A multipart body's text fields the document gives a type of its own (`encoding.contentType` of no JSON type, no
   * range: `text/markdown`), by field: each part (each item's, of a list) goes with that Content-Type, not text/plain.
   */
  partTypes?: Record<string, string>;
  /**
   * The spec requires a body (or declares a JSON one `{}` meets, for a POST, PUT or PATCH), yet a call may give none of
   * its fields: an empty one (`{}`) is sent then, with its Content-Type.
   */
  required?: boolean;
  /**
   * An XML body (`encoding: xml`): how the body's value is written, the document's `xml` objects resolved. With a
   * `name`, the value is the root element of that name; without, the value's one field is (a body whose schema names
   * no element: its one property).
   */
  xml?: XmlNode;
  /**
   * Raw bytes (`encoding: binary`) the document says are base64 text (OpenAPI 3.0's `format: byte`, 3.1's
   * `contentEncoding: base64`): the file's bytes are sent base64-encoded, typed as the body's media type.
   */
  contentEncoding?: "base64";
  /**
   * A form's file fields the document says are base64 text (3.1's `contentEncoding: base64` or `base64url`), by field:
   * the file's bytes go as that text. Any other file field of a form goes as its bytes, each percent-encoded.
   */
  fileTexts?: Record<string, "base64" | "base64url">;
  /**
   * Raw bytes (`encoding: binary`) the document offers under several media types of no range (`image/gif`,
   * `image/png`…): each, `mediaType` first. A file whose own type is one of them is sent as it, not as the first.
   */
  mediaTypes?: string[];
  /**
   * A JSON body the document offers as raw bytes too (any type, `application/octet-stream`): a call given the
   * whole-body file parameter sends the file instead, typed as a raw body's (its own type where `mediaType` is a
   * range).
   */
  raw?: { mediaType: string; mediaTypes?: string[] };
}

/**
 * How a value of an XML body is written (OpenAPI's `xml` object, at each place that says more than the default: an
 * element named as its property, an array's items each an element of the property's name).
 */
export interface XmlNode {
  /** The element's (attribute's) name when it is not the property's. */
  name?: string;
  /** Written as an attribute of its parent element, not an element (a scalar). */
  attribute?: true;
  /** The element's namespace (`xmlns`, or `xmlns:<prefix>` with `prefix`). */
  namespace?: string;
  prefix?: string;
  /** An array written inside one element of its name, each item an element within; unwrapped by default. */
  wrapped?: true;
  /** An array's items. */
  items?: XmlNode;
  /** An object's fields that say more than the default. */
  fields?: Record<string, XmlNode>;
}
