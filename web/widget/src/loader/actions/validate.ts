// The URL rule of spec §5.2, shared by the decision (LINK/IFRAME actions are excluded when it fails)
// and by links.ts: only a fully qualified http(s) URL with a host is accepted.

export const isHttpUrl = (v: string | undefined): boolean => {
  try {
    return /^https?:\/\/[^/?#\s]/i.test(v!) && !!new URL(v!).host;
  } catch {
    return false;
  }
};
