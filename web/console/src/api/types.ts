// The shapes the agent, owner and account APIs answer (GET /api/openapi.json), generated from
// the server's Rust wire types: `wire.gen.ts` here and, for the shapes the console shares with
// the widget's chat, the widget's `app/chat/core/wire.gen.ts` (`cargo run -p beckon-server --bin
// gen-wire`). The names below are the ones the console uses.
import type { ChannelDetail, ChannelSummary } from "./wire.gen";

export type {
  AccountList,
  ChannelList,
  ConfigVersion,
  DomainInfo,
  DomainList,
  Published,
  ReplyAnswer,
  SavedConfig,
  SignupState,
  Team,
  VersionList,
  EarlierConversation,
  Role,
  Session,
  StatsAnswer,
  TeamMember,
  User,
  Visitor,
} from "./wire.gen";
export type {
  ErrorBody,
  History,
  Message,
  PublicPersona as Sender,
} from "@beckon/widget/wire";

/** A chat as listed; the GET of one chat adds `visitorReadSeq` and `earlierConversations`. */
export type Channel = ChannelSummary & Partial<Omit<ChannelDetail, keyof ChannelSummary>>;
