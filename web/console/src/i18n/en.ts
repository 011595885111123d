// The console's English texts (the shell, the inbox, the conversation's frame, the language
// picker): the catalogue de.ts and es.ts are checked against (test/i18n.test.ts) and fall back to
// per key (./index.ts). More screens move here as they are translated.
export const en = {
  shell: {
    skip: "Skip to content",
    nav: "Console",
    inbox: "Inbox",
    domains: "Domains",
    agents: "Agents",
    privacy: "Privacy",
    webhooks: "Webhooks",
    canned: "Canned replies",
    reconnecting: "Reconnecting…",
    online: "Online",
    away: "Away",
    presenceHint: "Visitors see you as available while you are online",
    sound: "Sound",
    on: "on",
    off: "off",
    logout: "Log out",
    settings: "Settings",
    notify: "Notifications",
    notifyHint: "Notify this device when a visitor writes while you are not online, even with the console closed",
    settingsLabel: "Notification settings",
  },
  settings: { language: "Language of the console", notifications: "Notifications" },
  inbox: {
    title: "Inbox",
    tabs: "Which chats",
    unassigned: "Unassigned",
    waiting: "Waiting",
    mine: "Mine",
    open: "All open",
    ended: "Ended",
    search: "Search visitors by name or e-mail",
    searchPlaceholder: "Search name or e-mail",
    noMatch: "No chat matches.",
    none: "No chats here.",
    noMessage: "No message yet",
    select: "Select a chat to answer it.",
    conversation: "Conversation",
  },
};
export type ConsoleMessages = typeof en;
export type ConsoleCatalogue = { [G in keyof ConsoleMessages]?: { [K in keyof ConsoleMessages[G]]?: string } };
