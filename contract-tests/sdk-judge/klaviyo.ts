// klaviyo-api (klaviyo-api-node) as the second judge of the corpus's Klaviyo
// operations. Each API class (ProfilesApi, ListsApi, EventsApi) takes an
// ApiKeySession and a base path; a method takes the path's id first, then a
// JSON:API body as the SDK's model (camelCase attributes, which its
// ObjectSerializer writes under the wire's names), then its query values as
// one options object whose names are the wire's in camelCase
// (`fields[profile]` → `fieldsProfile`, `page[cursor]` → `pageCursor`). The
// session writes the credential after `Klaviyo-API-Key ` and the `revision`
// it is built for; retries are off.
import {
  ApiKeySession,
  EventsApi,
  ListsApi,
  ObjectSerializer,
  ProfilesApi,
  RetryWithExponentialBackoff,
} from "klaviyo-api";
import type { SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../scripts/corpus/sdk/logical-call.js";

interface Apis {
  profiles: ProfilesApi;
  lists: ListsApi;
  events: EventsApi;
}

/** A query name as the SDK's option: every run of punctuation joins words in camelCase. */
const option = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i ? w[0]?.toUpperCase() + w.slice(1) : w))
    .join("");

const options = (c: LogicalCall) => Object.fromEntries(Object.entries(c.query).map(([k, v]) => [option(k), v]));

/** The wire's body as the SDK's model of `type` (the SDK's own reader maps each wire name to its attribute). */
const model = (c: LogicalCall, type: string) => ObjectSerializer.deserialize(c.body, type) as never;

const id = (c: LogicalCall) => c.path.id as string;

const adapter: SdkAdapter<Apis> = {
  vendor: "klaviyo",
  sdk: "klaviyo-api",
  base: "https://a.klaviyo.com",
  client(base, call) {
    const session = new ApiKeySession(call.credential.secret ?? "", new RetryWithExponentialBackoff({ numRetries: 0 }));
    const apis = { profiles: new ProfilesApi(session), lists: new ListsApi(session), events: new EventsApi(session) };
    for (const api of Object.values(apis)) api.basePath = base;
    return apis;
  },
  operations: {
    get_profiles: (k, c) => k.profiles.getProfiles(options(c)),
    create_profile: (k, c) => k.profiles.createProfile(model(c, "ProfileCreateQuery"), options(c)),
    get_profile: (k, c) => k.profiles.getProfile(id(c), options(c)),
    get_lists: (k, c) => k.lists.getLists(options(c)),
    get_profiles_for_list: (k, c) => k.lists.getProfilesForList(id(c), options(c)),
    add_profiles_to_list: (k, c) => k.lists.addProfilesToList(id(c), model(c, "ListMembersAddQuery")),
    get_events: (k, c) => k.events.getEvents(options(c)),
    create_event: (k, c) => k.events.createEvent(model(c, "EventCreateQueryV2")),
  },
  quirks: [
    {
      kind: "sdk",
      at: "media type",
      why:
        "the document types each body application/vnd.api+json (JSON:API), which Blockwright sends; the SDK " +
        "labels the same JSON application/json, which the service also takes",
    },
    {
      kind: "sdk",
      at: "header revision",
      why:
        "the document declares `revision` a required header with a default (the API version it describes, " +
        "2026-07-15), which Blockwright sends as the call gives it (the default when it gives none); the SDK " +
        "writes the revision it is built for (the same 2026-07-15) into every request and takes none from the call",
    },
    {
      kind: "sdk",
      operation: "create_event",
      at: "body /data/attributes/time",
      why:
        "a date-time field: the SDK's model holds it as a Date and writes it in UTC with milliseconds " +
        "(`…T00:00:00.000Z`); Blockwright sends the RFC 3339 text it is given (`…T00:00:00+00:00`): the same instant",
    },
  ],
};

export default adapter;
