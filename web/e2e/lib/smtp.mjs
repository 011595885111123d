// A mail catcher for tests and benches: an SMTP server on 127.0.0.1 (`smtp-server`, by the
// nodemailer authors) that keeps every mail it is given and when it arrived. Start Beckon with
// `--smtp-url` set to its `url`.
import { SMTPServer } from "smtp-server";

/**
 * Starts it on a free port; resolves to { url, mails, close() }. Each mail: { at (performance.now()
 * when its data ended, before the server answers 250), connectedAt (when its connection was
 * accepted: smtp-server greets 100 ms later, its check for clients that talk too soon), from, to
 * (addresses of the envelope), subject, raw }. Plain SMTP, no STARTTLS and no AUTH (Beckon's
 * smtp:// speaks STARTTLS only when offered), as a relay on loopback.
 */
export async function startSmtp() {
  const mails = [];
  const opened = new Map(); // client port → when its connection was accepted
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    disableReverseLookup: true, // the client is on loopback; a lookup would only add its own wait
    logger: false,
    onData(stream, session, done) {
      const chunks = [];
      stream.on("data", (c) => chunks.push(c));
      stream.on("end", () => {
        const at = performance.now();
        const raw = Buffer.concat(chunks).toString("utf8");
        const { mailFrom, rcptTo } = session.envelope;
        const connectedAt = opened.get(session.remotePort);
        mails.push({ at, connectedAt, from: mailFrom.address, to: rcptTo.map((r) => r.address), subject: header(raw, "subject"), raw });
        done();
      });
    },
  });
  server.server.on("connection", (socket) => {
    opened.set(socket.remotePort, performance.now());
    socket.once("close", () => opened.delete(socket.remotePort));
  });
  await new Promise((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    mails,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The value of header `name` in a raw message (folded lines joined; encoded words left as they are). */
function header(raw, name) {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n(?=[ \t])/g, "");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
