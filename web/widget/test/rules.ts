// The shared tables of cases for the rules the widget and the server both apply (the Rust
// suite, crates/model/tests/rules.rs, reads the same files).
import hostsTable from "../../../crates/model/tests/fixtures/rules/hosts.json";
import httpUrlsTable from "../../../crates/model/tests/fixtures/rules/http-urls.json";
import chatLinksTable from "../../../crates/model/tests/fixtures/rules/chat-links.json";
import emailsTable from "../../../crates/model/tests/fixtures/rules/emails.json";

export const hosts: {
  normalize: { input: string; host: string }[];
  matches: { name: string; aliases: string[]; host: string; matches: boolean }[];
} = hostsTable;
export const httpUrls: { valid: string[]; invalid: string[] } = httpUrlsTable;
export const chatLinks: {
  whatsapp: { number: string; text: string; url: string }[];
  messenger: { page: string; ref: string; text: string; url: string }[];
} = chatLinksTable;
export const emails: { valid: string[]; invalid: string[] } = emailsTable;
