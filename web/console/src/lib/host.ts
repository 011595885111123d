// What an owner types or pastes as a site's host, taken apart to the host alone: a pasted address
// such as "https://Shop.example/pricing?x=1" is "shop.example". Every host field uses it (the new
// domain's name, Settings' host name and aliases). A port is kept, so the server can say why a
// domain has none (it matches its pages on any port: crates/model/src/host.rs). Pure.

/** The host of `text`: no surrounding spaces, scheme, user, path, query, fragment or trailing dot; lower case. */
export function hostOf(text: string): string {
  let s = text.trim().toLowerCase();
  s = s.replace(/^[a-z][\w+.-]*:\/\//, ""); // a scheme
  s = s.replace(/^\/\//, ""); // a scheme-relative "//shop.example"
  s = s.split(/[/?#]/)[0]; // the path, query and fragment (spaces stay: the server names them)
  s = s.slice(s.lastIndexOf("@") + 1); // "user:pass@"
  return s.replace(/\.(?=$|:\d*$)/, ""); // a trailing dot, before a port too
}

/** A comma-separated list of hosts, each taken apart as hostOf does; empty entries dropped. */
export const hostsOf = (text: string): string[] => text.split(",").map(hostOf).filter(Boolean);
