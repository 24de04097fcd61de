// google-maps-services-js (@googlemaps/google-maps-services-js) as the second
// judge of the corpus's Google Maps operations. Each function takes `params`
// (the query, the key among them) and, for geolocation, `data` (the JSON body);
// its address is its own default, whose path the recorder is given here.
import { Client } from "@googlemaps/google-maps-services-js";
import { defaultUrl as geocodeUrl } from "@googlemaps/google-maps-services-js/dist/geocode/geocode.js";
import { defaultUrl as geolocateUrl } from "@googlemaps/google-maps-services-js/dist/geolocate.js";
import { defaultUrl as detailsUrl } from "@googlemaps/google-maps-services-js/dist/places/details.js";
import { defaultUrl as photoUrl } from "@googlemaps/google-maps-services-js/dist/places/photo.js";
import { defaultUrl as textSearchUrl } from "@googlemaps/google-maps-services-js/dist/places/textsearch.js";
import type { SdkAdapter } from "../../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../../scripts/corpus/sdk/logical-call.js";

interface Maps {
  client: Client;
  /** The SDK's own address of a function with the recorder's origin. */
  at: (defaultUrl: string) => string;
}

/**
 * The query with the credential's key, as the SDK's `params`; a viewport's two corners (the document's list of
 * `lat,lng` texts) as the SDK's bounds object, and a components filter's `component:value` items as its object, each
 * of which it writes itself (items of another form as the filter's text, which it sends as given).
 */
function query(c: LogicalCall): never {
  const params: Record<string, unknown> = { ...c.query, ...(c.credential.query ?? {}) };
  const bounds = params.bounds;
  if (Array.isArray(bounds) && bounds.length === 2) params.bounds = { southwest: bounds[0], northeast: bounds[1] };
  const components = params.components;
  if (Array.isArray(components))
    params.components = components.every((item) => /^[^:|]+:[^|]*$/.test(String(item)))
      ? Object.fromEntries(components.map((item) => String(item).split(/:(.*)/s, 2)))
      : components.join("|");
  return params as never;
}

const adapter: SdkAdapter<Maps> = {
  vendor: "googlemaps",
  sdk: "@googlemaps/google-maps-services-js",
  base: "https://maps.googleapis.com",
  client: (base) => ({
    client: new Client({ config: { raxConfig: { retry: 0 } } as never }),
    at: (defaultUrl) => `${new URL(base).origin}${new URL(defaultUrl).pathname}`,
  }),
  operations: {
    geocode: (m, c) => m.client.geocode({ params: query(c), url: m.at(geocodeUrl) }),
    textSearch: (m, c) => m.client.textSearch({ params: query(c), url: m.at(textSearchUrl) }),
    placeDetails: (m, c) => m.client.placeDetails({ params: query(c), url: m.at(detailsUrl) }),
    placePhoto: (m, c) => m.client.placePhoto({ params: query(c), url: m.at(photoUrl), responseType: "arraybuffer" }),
    geolocate: (m, c) => m.client.geolocate({ params: query(c), data: c.body as never, url: m.at(geolocateUrl) }),
  },
  quirks: [
    {
      kind: "document",
      operation: "geocode",
      at: "query bounds",
      why:
        "the SDK writes the viewport's two corners joined by `|` in one pair, as the service reads them; the " +
        "document declares `bounds` a list of texts (LatLngArrayString) with no style, which OpenAPI writes as " +
        "form, exploded: a pair per corner, as Blockwright sends it (the same document marks `components` " +
        "`style: pipeDelimited`, and not `bounds`)",
    },
    {
      kind: "design",
      operation: "geolocate",
      at: /^(body|media type)$/,
      why:
        "given no field, the SDK sends no body; Blockwright sends `{}` typed JSON for a POST whose JSON body `{}` " +
        "meets (the link's rule: some upstreams refuse such a call without a Content-Type), and the document says " +
        '"The request body must be formatted as JSON"',
    },
  ],
};

export default adapter;
