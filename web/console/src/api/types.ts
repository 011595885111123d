// The one place the console takes its wire types from (docs/architecture.md "The wire layer"):
// - what the agent, owner and account APIs answer and take, as the server's OpenAPI document
//   (docs/openapi.json, GET /api/openapi.json) declares them: `schema.gen.ts` is generated from it
//   (`npm run gen:api -w console`) and the API client (`http.ts`) answers these types;
// - the realtime frames, from the widget's `app/chat/core/wire.gen.ts` (ts-rs, from the same Rust
//   types, through the widget package's entry `@beckon/widget/wire`); a frame's value is assignable
//   to the shape here.
// The names below are the ones the console uses; `npm run lint` keeps other files from importing
// either generated file.
import type { components } from "./schema.gen";

export type { ClientFrame, PersonaType, ServerFrame } from "@beckon/widget/wire";

type Schemas = components["schemas"];

export type AccountList = Schemas["AccountList"];
export type AgentRatings = Schemas["AgentRatings"];
export type AgentStatus = Schemas["AgentStatus"];
export type Attachment = Schemas["Attachment"];
export type AttachmentLimits = Schemas["AttachmentLimits"];
export type ChannelList = Schemas["ChannelList"];
export type ConfigVersion = Schemas["ConfigVersion"];
export type DayCount = Schemas["DayCount"];
export type DomainInfo = Schemas["DomainInfo"];
export type Erased = Schemas["Erased"];
export type EarlierConversation = Schemas["EarlierConversation"];
export type Installation = Schemas["Installation"];
export type ItemCount = Schemas["ItemCount"];
export type Message = Schemas["Message"];
export type Note = Schemas["Note"];
export type NotificationChoices = Schemas["NotificationChoices"];
export type Notifications = Schemas["Notifications"];
export type Rating = Schemas["Rating"];
export type RatingStats = Schemas["RatingStats"];
export type RetentionSetting = Schemas["RetentionSetting"];
export type Role = Schemas["Role"];
export type Session = Schemas["Session"];
export type Sighting = Schemas["Sighting"];
export type StatsAnswer = Schemas["StatsAnswer"];
export type TeamMember = Schemas["TeamMember"];
export type User = Schemas["User"];
export type Visitor = Schemas["Visitor"];
export type VisitorExport = Schemas["VisitorExport"];
export type Webhook = Schemas["Webhook"];
export type WebhookCreated = Schemas["WebhookCreated"];
export type WebhookDelivery = Schemas["WebhookDelivery"];

/** A chat as listed; the GET of one chat adds `visitorReadSeq`, `earlierConversations` and `rating`. */
export type CannedReply = Schemas["CannedReply"];
export type CannedReplyList = Schemas["CannedReplyList"];
export type Channel = Schemas["ChannelSummary"] & Partial<Omit<Schemas["ChannelDetail"], keyof Schemas["ChannelSummary"]>>;
