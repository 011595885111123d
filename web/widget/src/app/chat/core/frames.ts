// The frames the server sends (docs/realtime.md) as the visitor's chat reads them: the generated
// `ServerFrame` (wire.gen.ts), once what the chat reads of each is checked. A socket is input the
// page does not control: a frame that is not JSON, has no `op`, or lacks what its op is read for
// is ignored. Pure.
import type { ServerFrame } from "./wire.gen";

type Fields = { [k: string]: any };

const isObject = (v: unknown): v is Fields => !!v && typeof v == "object";

/** Whether f has what the chat reads of a frame of its op; an op the chat does not read passes. */
function fits(f: Fields): boolean {
  switch (f.op) {
    case "chat-message":
      return isObject(f.message) && typeof f.message.seq == "number";
    case "ack":
      return typeof f.clientId == "string";
    case "error":
      return typeof f.code == "number" && typeof f.error == "string" && (f.clientId === undefined || typeof f.clientId == "string");
    case "presence":
      return isObject(f.persona);
    default:
      return true;
  }
}

/** The frame a socket message's data holds, or undefined when it is to be ignored. */
export function readFrame(data: unknown): ServerFrame | undefined {
  let f: unknown;
  try {
    f = JSON.parse(String(data));
  } catch {
    return;
  }
  return isObject(f) && typeof f.op == "string" && fits(f) ? (f as ServerFrame) : undefined;
}
