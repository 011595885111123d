import type { User } from "../api/types";
export function AgentsPage(_: { me: User }) {
  return <h1>Agents</h1>;
}
